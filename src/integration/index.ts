import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import { formatProblem, loadBrands, loadNiches, type Niche } from '@datekit/brand-config';
import type { Brand } from '@datekit/runtime/schemas/brand';
import { vitePluginDatekit } from './vite-virtual-modules.ts';

export interface DatekitIntegrationOptions {
  /**
   * The brands to build. `datekit build` passes the brands it loaded and validated; without them
   * (`astro dev`, `astro check`) the integration loads `brands/` itself.
   */
  brands?: readonly Brand[];
  /** The niches; without them the integration loads `niches/` itself. */
  niches?: readonly Niche[];
  /** Only these language versions (`<domain>/<lang>`) are rendered; every one when omitted. */
  scope?: readonly string[];
}

/** Entrypoint of `client:interaction`, as a path: Astro hands it to esbuild as an import specifier. */
const INTERACTION_DIRECTIVE = fileURLToPath(new URL('./client-interaction.ts', import.meta.url));
/** Entrypoint of `client:early`, likewise. */
const EARLY_DIRECTIVE = fileURLToPath(new URL('./client-early.ts', import.meta.url));
/** Entrypoint of `client:member`, likewise. */
const MEMBER_DIRECTIVE = fileURLToPath(new URL('./client-member.ts', import.meta.url));
/** Entrypoint of `client:installed`, likewise. */
const INSTALLED_DIRECTIVE = fileURLToPath(new URL('./client-installed.ts', import.meta.url));

/**
 * Connects the brand pipeline to Astro: every page reads the brands from `virtual:datekit/brands`.
 * Adds the `client:interaction` directive (hydrate on the first signup call to action) and
 * `client:early` (hydrate when idle or touched, keeping what the member did before) and `client:member`
 * (hydrate only for a logged-in member) and `client:installed` (only in the installed app); all are
 * typed in `client-directives.d.ts`.
 */
export function datekit(options: DatekitIntegrationOptions = {}): AstroIntegration {
  return {
    name: 'datekit',
    hooks: {
      'astro:config:setup': async ({ command, updateConfig, addClientDirective, logger }) => {
        const brands = options.brands ?? (await loadBrandsFromDisk(command, logger));
        const niches = options.niches ?? (await loadNichesFromDisk(command, logger));
        updateConfig({ vite: { plugins: [vitePluginDatekit(brands, niches, options.scope ?? null)] } });
        addClientDirective({ name: 'interaction', entrypoint: INTERACTION_DIRECTIVE });
        addClientDirective({ name: 'early', entrypoint: EARLY_DIRECTIVE });
        addClientDirective({ name: 'member', entrypoint: MEMBER_DIRECTIVE });
        addClientDirective({ name: 'installed', entrypoint: INSTALLED_DIRECTIVE });
      },
    },
  };
}

async function loadBrandsFromDisk(
  command: 'dev' | 'build' | 'preview' | 'sync',
  logger: AstroIntegrationLogger,
): Promise<readonly Brand[]> {
  const { brands, problems } = await loadBrands();
  if (problems.length === 0) return brands;
  const report = problems.map((problem) => formatProblem(problem)).join('\n');
  // Type generation (`astro sync`, `astro check`) does not render pages; it goes on with no brands.
  if (command === 'sync') {
    logger.warn(`brand files have problems; pages get no brands:\n${report}`);
    return [];
  }
  throw new Error(`Fix the brand files first (run \`datekit validate\`):\n${report}`);
}

async function loadNichesFromDisk(
  command: 'dev' | 'build' | 'preview' | 'sync',
  logger: AstroIntegrationLogger,
): Promise<readonly Niche[]> {
  const { niches, problems } = await loadNiches();
  if (problems.length === 0) return niches;
  const report = problems.map((problem) => formatProblem(problem)).join('\n');
  if (command === 'sync') {
    logger.warn(`niche files have problems; pages get no niches:\n${report}`);
    return [];
  }
  throw new Error(`Fix the niche files first (run \`datekit validate\`):\n${report}`);
}
