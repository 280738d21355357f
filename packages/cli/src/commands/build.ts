import type { Command } from 'commander';
import { BrandProblemsError, buildSites } from '../build/build-sites.ts';

interface BuildCommandOptions {
  brand: string[];
  verbose?: boolean;
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/**
 * `datekit build [--brand <domain>]...`: validates the brand files and refuses to build while any has
 * a problem (exit 1); then builds every brand, or the chosen ones, into `dist/<domain>/<lang>/` with a
 * `dist/<domain>/routes.json` each.
 */
export function registerBuild(program: Command): void {
  program
    .command('build')
    .description('Build every brand (or those given with --brand) into dist/<domain>/<lang>/ with a routes.json each')
    .option('-b, --brand <domain>', 'build only this brand; repeat for more', collect, [])
    .option('--verbose', "show Astro's log of every page")
    .action(async (options: BuildCommandOptions) => {
      try {
        await buildSites({ brands: options.brand, ...(options.verbose ? { verbose: true } : {}) });
      } catch (error) {
        if (error instanceof BrandProblemsError) console.error(error.message);
        else console.error(`Build failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        process.exitCode = 1;
      }
    });
}
