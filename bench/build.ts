/**
 * Build speed: every brand in one Astro run (what `datekit build` does) beside one Astro run per
 * brand (what a naive build would do), on this machine, in one process. Prints seconds per brand and
 * pages per second. Writes to a scratch directory, never to dist/.
 * Usage: npx tsx bench/build.ts
 */
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { formatProblem, loadBrands } from '@datekit/brand-config';
import { buildBrands, type BuildResult } from '../packages/cli/src/build/build-brands.ts';
import { ROOT } from '../packages/cli/src/paths.ts';

const { brands, problems } = await loadBrands();
if (problems.length > 0) {
  for (const problem of problems) console.error(formatProblem(problem));
  process.exit(1);
}

// Inside the project, so that Astro's staging directory and the output share a file system.
const distDir = path.join(ROOT, 'node_modules', '.cache', `datekit-bench-${process.pid}`);
// force: every run renders everything (an unchanged brand would otherwise be skipped); one process, as before.
const quietly = { distDir, logLevel: 'error' as const, keepCompiler: true, force: true, workers: 1 };
const rate = (pages: number, seconds: number) => `${(pages / seconds).toFixed(1).padStart(6)} pages/s`;
const secs = (seconds: number) => `${seconds.toFixed(2).padStart(6)} s`;
const width = Math.max(...brands.map((b) => b.domain.length), 'all brands'.length);

try {
  const languages = brands.reduce((sum, b) => sum + b.languages.length, 0);
  console.log(
    `datekit build bench: ${brands.length} brands, ${languages} language versions; Node ${process.version}, ${os.cpus().length} CPUs`,
  );

  // The first run pays for loading Astro, Vite and the compiler into this process (a cold CLI run);
  // the runs after it compare the builds themselves.
  const cold = await buildBrands({ brands, complete: true, ...quietly });
  console.log(
    `\nFirst run in a fresh process (loads Astro and Vite): ${secs(cold.seconds)} ${rate(cold.pages, cold.seconds)}`,
  );

  const shared = await buildBrands({ brands, complete: true, ...quietly });
  console.log(`\nOne Astro run for every brand (datekit build):`);
  console.log(
    `  ${'all brands'.padEnd(width)}  ${String(shared.pages).padStart(4)} pages ${secs(shared.seconds)} ${rate(shared.pages, shared.seconds)}`,
  );
  for (const brand of shared.brands) {
    // The run is shared, so a brand's part of it is its share of the pages.
    const seconds = (shared.seconds * brand.pages) / shared.pages;
    console.log(
      `  ${brand.domain.padEnd(width)}  ${String(brand.pages).padStart(4)} pages ${secs(seconds)} (share of the run)`,
    );
  }

  console.log(`\nOne Astro run per brand (datekit build --brand <domain>, one after the other):`);
  const separate: BuildResult[] = [];
  for (const brand of brands) {
    const result = await buildBrands({ brands: [brand], complete: false, ...quietly });
    separate.push(result);
    console.log(
      `  ${brand.domain.padEnd(width)}  ${String(result.pages).padStart(4)} pages ${secs(result.seconds)} ${rate(result.pages, result.seconds)}`,
    );
  }
  const total = separate.reduce((sum, r) => sum + r.seconds, 0);
  const pages = separate.reduce((sum, r) => sum + r.pages, 0);
  console.log(
    `  ${'all brands'.padEnd(width)}  ${String(pages).padStart(4)} pages ${secs(total)} ${rate(pages, total)}`,
  );
  console.log(
    `\nThe shared run takes ${((shared.seconds / total) * 100).toFixed(0)}% of the time of separate runs (${(total - shared.seconds).toFixed(1)} s less).`,
  );
} finally {
  await rm(distDir, { recursive: true, force: true });
}
