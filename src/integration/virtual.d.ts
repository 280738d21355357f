declare module 'virtual:datekit/brands' {
  import type { Brand } from '@datekit/runtime/schemas/brand/index.ts';

  /** The brands being built (all of `brands/`, or the `--brand` selection), validated. */
  const brands: readonly Brand[];
  export default brands;
}
