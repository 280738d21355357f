import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import { formatProblem, loadBrands } from '../../packages/cli/src/brand/load.ts';
import type { Brand } from '../../packages/runtime/schemas/brand/index.ts';
import { vitePluginDatekit } from './vite-virtual-modules.ts';

export interface DatekitIntegrationOptions {
  /**
   * The brands to build. `datekit build` passes the brands it loaded and validated; without them
   * (`astro dev`, `astro check`) the integration loads `brands/` itself.
   */
  brands?: readonly Brand[];
}

/** Connects the brand pipeline to Astro: every page reads the brands from `virtual:datekit/brands`. */
export function datekit(options: DatekitIntegrationOptions = {}): AstroIntegration {
  return {
    name: 'datekit',
    hooks: {
      'astro:config:setup': async ({ command, updateConfig, logger }) => {
        const brands = options.brands ?? (await loadBrandsFromDisk(command, logger));
        updateConfig({ vite: { plugins: [vitePluginDatekit(brands)] } });
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
