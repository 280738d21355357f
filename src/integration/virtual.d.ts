declare module 'virtual:datekit/brands' {
  import type { Brand } from '@datekit/runtime/schemas/brand';

  /** The brands being built (all of `brands/`, or the `--brand` selection), validated. */
  const brands: readonly Brand[];
  export default brands;
}

declare module 'virtual:datekit/scope' {
  /**
   * The language versions to render, as `<domain>/<lang>` (and `_operator` for the operator console);
   * null renders every language of every brand and the console.
   * `datekit build` renders only those whose inputs changed, and splits them between worker processes.
   */
  const scope: readonly string[] | null;
  export default scope;
}

declare module 'virtual:datekit/niches' {
  import type { Niche } from '@datekit/brand-config';

  /** The seven niches of `niches/*.yaml`, validated, in id order: search defaults, copy keys, accent colour. */
  const niches: readonly Niche[];
  export default niches;
}
