import type { ViteUserConfig } from 'astro';
import type { Brand } from '../../packages/runtime/schemas/brand/index.ts';

type VitePlugin = NonNullable<ViteUserConfig['plugins']>[number];

/** Module ids pages import; their types are declared in `virtual.d.ts`. */
export const VIRTUAL_MODULES = {
  brands: 'virtual:datekit/brands',
} as const;

const resolved = (id: string) => `\0${id}`;

/**
 * Hands the validated brands to the pages as a Vite virtual module, so that pages import data
 * (`import brands from 'virtual:datekit/brands'`) instead of reading globals or the environment.
 * Only the server-side render imports it; no brand data reaches the browser bundles.
 */
export function vitePluginDatekit(brands: readonly Brand[]): VitePlugin {
  const modules: Record<string, string> = {
    [VIRTUAL_MODULES.brands]: `export default JSON.parse(${JSON.stringify(JSON.stringify(brands))});`,
  };
  const byResolvedId = new Map(Object.entries(modules).map(([id, code]) => [resolved(id), code]));

  return {
    name: 'vite-plugin-datekit',
    resolveId(id) {
      return id in modules ? resolved(id) : undefined;
    },
    load(id) {
      return byResolvedId.get(id);
    },
  };
}
