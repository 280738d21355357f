import { formatProblem, loadBrands, type BrandProblem } from '../brand/load.ts';
import { buildBrands, type BuildEvent, type BuildResult } from './build-brands.ts';
import { brandLine, summaryLine } from './report.ts';

export type { BuildResult } from './build-brands.ts';

export interface BuildSitesOptions {
  /** Domains to build (as in `brands/<domain>.yaml`); every brand when omitted or empty. */
  brands?: string[];
  distDir?: string;
  /** Show Astro's log of every page. */
  verbose?: boolean;
  /** Where progress lines go; console.log by default. */
  log?: (line: string) => void;
  /** Where warnings go; console.warn by default. */
  warn?: (line: string) => void;
  /** Keep Astro's compiler loaded for another build in this process. */
  keepCompiler?: boolean;
}

/** The brand files have problems; nothing was built. `message` lists them as `file:line:column`. */
export class BrandProblemsError extends Error {
  override readonly name = 'BrandProblemsError';

  constructor(readonly problems: BrandProblem[]) {
    super(
      `Not building: fix ${problems.length === 1 ? 'this problem' : `these ${problems.length} problems`} first.\n` +
        problems.map((problem) => `✗ ${formatProblem(problem)}`).join('\n'),
    );
  }
}

/**
 * Loads and validates the brand files, then builds them (all, or `brands`) in one Astro run, printing
 * progress per brand and a summary. Refuses to build while any brand file has a problem. Building
 * some brands leaves the other brands' output in `dist/` alone.
 */
export async function buildSites(options: BuildSitesOptions = {}): Promise<BuildResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const warn = options.warn ?? ((line: string) => console.warn(line));
  const domains = options.brands ?? [];
  const { brands, problems } = await loadBrands(domains.length ? { domains } : {});
  if (problems.length > 0) throw new BrandProblemsError(problems);
  if (brands.length === 0) throw new Error('No brand files in brands/: nothing to build.');

  const width = Math.max(...brands.map((b) => b.domain.length));
  const onEvent = (event: BuildEvent) => {
    switch (event.type) {
      case 'start':
        log(
          `Building ${event.brands} ${event.brands === 1 ? 'brand' : 'brands'} in ${event.languages} language versions with Astro…`,
        );
        break;
      case 'rendered':
        log(`Rendered in ${event.seconds.toFixed(1)} s; installing into dist/:`);
        break;
      case 'brand':
        log(brandLine(event.build, width));
        break;
      case 'warning':
        warn(`  ! ${event.message}`);
        break;
    }
  };

  const result = await buildBrands({
    brands,
    complete: domains.length === 0,
    logLevel: options.verbose ? 'info' : 'warn',
    onEvent,
    ...(options.distDir ? { distDir: options.distDir } : {}),
    ...(options.keepCompiler ? { keepCompiler: true } : {}),
  });
  log(summaryLine(result));
  return result;
}
