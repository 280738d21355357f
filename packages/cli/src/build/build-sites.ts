import { formatProblem, loadBrands, type BrandProblem } from '@datekit/brand-config';
import { buildBrands, type BuildEvent, type BuildResult } from './build-brands.ts';
import { describeReasons } from './build-state.ts';
import { brandLine, nothingChangedLine, progressBar, summaryLine } from './report.ts';

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
  /** Rebuild every language version, even those whose inputs did not change. */
  force?: boolean;
  /** Worker processes that render at the same time (default: one per core for large builds). */
  workers?: number;
  /**
   * Where a progress bar is drawn (a terminal); without one, progress is logged as plain lines every
   * few seconds (CI, pipes, files).
   */
  progressStream?: NodeJS.WriteStream | null;
  /** Every event of the build as it happens, besides what it prints. */
  onEvent?: (event: BuildEvent) => void;
}

/** The brand files have problems; nothing was built. `message` lists them as `file:line:column`. */
export class BrandProblemsError extends Error {
  override readonly name = 'BrandProblemsError';

  readonly problems: BrandProblem[];

  constructor(problems: BrandProblem[]) {
    super(
      `Not building: fix ${problems.length === 1 ? 'this problem' : `these ${problems.length} problems`} first.\n` +
        problems.map((problem) => `✗ ${formatProblem(problem)}`).join('\n'),
    );
    this.problems = problems;
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
  const stream =
    options.progressStream === undefined
      ? process.stdout.isTTY && !process.env.CI
        ? process.stdout
        : null
      : options.progressStream;
  let barShown = false;
  let lastPlainLine = 0;
  const clearBar = () => {
    if (barShown && stream) stream.write('\r\x1b[2K');
    barShown = false;
  };
  const onEvent = (event: BuildEvent) => {
    options.onEvent?.(event);
    switch (event.type) {
      case 'start':
        log(
          `Building ${event.brands} ${event.brands === 1 ? 'brand' : 'brands'} in ${event.languages} language versions…`,
        );
        break;
      case 'plan':
        log(planLine(event));
        break;
      case 'progress':
        if (stream) {
          stream.write(`\r\x1b[2K  ${progressBar(event.pages, event.expected)}`);
          barShown = true;
        } else if (performance.now() - lastPlainLine >= 9000) {
          lastPlainLine = performance.now();
          log(`  … ${event.pages} of about ${Math.max(event.pages, event.expected)} pages rendered`);
        }
        break;
      case 'rendered':
        clearBar();
        if (event.pages > 0)
          log(`Rendered ${event.pages} pages in ${event.seconds.toFixed(1)} s; installing into dist/:`);
        break;
      case 'brand':
        log(brandLine(event.build, width));
        break;
      case 'warning':
        clearBar();
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
    ...(options.force ? { force: true } : {}),
    ...(options.workers ? { workers: options.workers } : {}),
  });
  log(summaryLine(result));
  return result;
}

/** `3 of 8 language versions changed (localhost/en: brand changed; …); rendering in 2 processes` */
function planLine(event: Extract<BuildEvent, { type: 'plan' }>): string {
  if (event.rebuild === 0) return nothingChangedLine(event.skip);
  const reasons = [...event.reasons].map(([key, why]) => `${key}: ${describeReasons(why)}`);
  const shown = reasons.length > 4 ? [...reasons.slice(0, 3), `${reasons.length - 3} more`] : reasons;
  const what =
    event.skip === 0
      ? `all ${event.rebuild} language versions to build`
      : `${event.rebuild} of ${event.rebuild + event.skip} language versions changed`;
  return `${what} (${shown.join('; ')}); rendering in ${event.workers} ${event.workers === 1 ? 'process' : 'processes'} with Astro…`.replace(
    /^./,
    (c) => c.toUpperCase(),
  );
}
