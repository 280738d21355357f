import type { Command } from 'commander';
import { BrandProblemsError, buildSites } from '../build/build-sites.ts';

interface BuildCommandOptions {
  brand: string[];
  verbose?: boolean;
  force?: boolean;
  workers?: string;
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/**
 * `datekit build [--brand <domain>]... [--force]`: validates the brand files and refuses to build while
 * any has a problem (exit 1); then builds every brand, or the chosen ones, into `dist/<domain>/<lang>/`
 * with a `dist/<domain>/routes.json` each. Language versions whose inputs did not change since the
 * last build are kept as they are, unless `--force`.
 */
export function registerBuild(program: Command): void {
  program
    .command('build')
    .description('Build every brand (or those given with --brand) into dist/<domain>/<lang>/ with a routes.json each')
    .option('-b, --brand <domain>', 'build only this brand; repeat for more', collect, [])
    .option('--verbose', "show Astro's log of every page")
    .option('--force', 'rebuild every language version, even those whose inputs did not change')
    .option('--workers <count>', 'processes that render at the same time (default: one per core for large builds)')
    .action(async (options: BuildCommandOptions) => {
      try {
        const workers = options.workers === undefined ? undefined : Number(options.workers);
        if (workers !== undefined && !(Number.isInteger(workers) && workers > 0)) {
          throw new Error(`--workers takes a whole number of processes, such as 2, not "${options.workers}"`);
        }
        await buildSites({
          brands: options.brand,
          ...(options.verbose ? { verbose: true } : {}),
          ...(options.force ? { force: true } : {}),
          ...(workers ? { workers } : {}),
        });
      } catch (error) {
        if (error instanceof BrandProblemsError) console.error(error.message);
        else console.error(`Build failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        process.exitCode = 1;
      }
    });
}
