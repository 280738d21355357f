import type { BuildEvent } from '../build/build-brands.ts';
import { recordBuild, skipUnchanged } from '../build/unchanged.ts';

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
    // Nothing changed at all since the last build of these brands: said without loading the build.
    const inputs = await skipUnchanged({ brands: options.brand, ...(options.force ? { force: true } : {}) });
    if (inputs.skipped) return;
    const { buildSites } = await import('../build/build-sites.ts');
    // The warnings about the inputs, said before the plan; an unchanged rebuild says them again.
    const warnings: string[] = [];
    let planned = false;
    const result = await buildSites({
      brands: options.brand,
      ...(options.verbose ? { verbose: true } : {}),
      ...(options.force ? { force: true } : {}),
      ...(workers ? { workers } : {}),
      onEvent: (event: BuildEvent) => {
        if (event.type === 'plan') planned = true;
        if (event.type === 'warning' && !planned) warnings.push(event.message);
      },
    });
    await recordBuild({ brands: options.brand, hash: inputs.hash, warnings, result });
  } catch (error) {
    const { BrandProblemsError } = await import('../build/build-sites.ts');
    if (error instanceof BrandProblemsError) console.error(error.message);
    else console.error(`Build failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exitCode = 1;
  }
}
