import type { ViteUserConfig } from 'astro';
import type { Niche } from '@datekit/brand-config';
import type { Brand } from '@datekit/runtime/schemas/brand';

type VitePlugin = NonNullable<ViteUserConfig['plugins']>[number];

/** Module ids pages import; their types are declared in `virtual.d.ts`. */
export const VIRTUAL_MODULES = {
  brands: 'virtual:datekit/brands',
  niches: 'virtual:datekit/niches',
  scope: 'virtual:datekit/scope',
} as const;

const resolved = (id: string) => `\0${id}`;

/**
 * Hands the validated brands and niches to the pages as Vite virtual modules, so that pages import data
 * (`import brands from 'virtual:datekit/brands'`) instead of reading globals or the environment.
 * Only the server-side render imports them; no brand data reaches the browser bundles.
 */
export function vitePluginDatekit(
  brands: readonly Brand[],
  niches: readonly Niche[] = [],
  scope: readonly string[] | null = null,
): VitePlugin {
  const json = (value: unknown) => `export default JSON.parse(${JSON.stringify(JSON.stringify(value))});`;
  const modules: Record<string, string> = {
    [VIRTUAL_MODULES.brands]: json(brands),
    [VIRTUAL_MODULES.niches]: json(niches),
    [VIRTUAL_MODULES.scope]: json(scope),
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
