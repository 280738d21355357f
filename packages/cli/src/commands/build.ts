import { BrandProblemsError, buildSites } from '../build/build-sites.ts';

export interface BuildCommandOptions {
  brand: string[];
  verbose?: boolean;
  force?: boolean;
  workers?: string;
}

/**
 * `datekit build [--brand <domain>]... [--force]`: validates the brand files and refuses to build while
 * any has a problem (exit 1); then builds every brand, or the chosen ones, into `dist/<domain>/<lang>/`
 * with a `dist/<domain>/routes.json` each. Language versions whose inputs did not change since the
 * last build are kept as they are, unless `--force`.
 */
export async function buildCommand(options: BuildCommandOptions): Promise<void> {
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
}
