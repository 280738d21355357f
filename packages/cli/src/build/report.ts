import type { BrandBuild, BuildResult } from './build-brands.ts';

/**
 * `  ✓ localhost      en 6 pages · nl 6 pages   12 pages in 0.4 s (30.0 pages/s)   routes.json: 5 routes`,
 * or for a brand whose inputs did not change: `  = localhost      unchanged: 12 pages kept`.
 */
export function brandLine(build: BrandBuild, width: number): string {
  const name = build.domain.padEnd(width);
  if (build.rendered === 0) return `  = ${name}  unchanged: ${build.pages} ${plural(build.pages, 'page')} kept`;
  const languages = build.languages
    .map((l) => `${l.lang} ${l.pages} ${plural(l.pages, 'page')}${l.rebuilt ? '' : ' (kept)'}`)
    .join(' · ');
  const routes = `routes.json: ${build.manifest.routes.length} ${plural(build.manifest.routes.length, 'route')}`;
  return `  ✓ ${name}  ${languages}   ${build.rendered} ${plural(build.rendered, 'page')} in ${build.seconds.toFixed(1)} s (${rate(build.rendered, build.seconds)})   ${routes}`;
}

/** The plan of a build that renders nothing. */
export function nothingChangedLine(kept: number): string {
  return `Nothing changed since the last build: ${kept} language versions kept.`;
}

/** `Built 54 pages for 3 brands in 7.4 s (7.3 pages/s)`, and what was skipped and how many workers rendered. */
export function summaryLine(result: Pick<BuildResult, 'brands' | 'pages' | 'seconds'> & Partial<BuildResult>): string {
  const parts = [
    `Built ${result.pages} ${plural(result.pages, 'page')} for ${result.brands.length} ${plural(result.brands.length, 'brand')} in ${result.seconds.toFixed(1)} s (${rate(result.pages, result.seconds)})`,
  ];
  if (result.skipped) parts.push(`${result.skipped} unchanged language ${plural(result.skipped, 'version')} skipped`);
  if (result.workers && result.workers > 1) parts.push(`${result.workers} worker processes`);
  return parts.join('; ');
}

/** `[██████░░░░░░░░░░░░░░]  30%  1200/4000 pages` for a terminal; the count may pass a guessed total. */
export function progressBar(pages: number, expected: number, width = 30): string {
  const share = expected > 0 ? Math.min(pages / expected, 0.99) : 0;
  const filled = Math.round(share * width);
  return `[${'█'.repeat(filled)}${'░'.repeat(width - filled)}] ${String(Math.floor(share * 100)).padStart(3)}%  ${pages}/~${Math.max(pages, expected)} pages`;
}

function rate(pages: number, seconds: number): string {
  return `${(seconds > 0 ? pages / seconds : 0).toFixed(1)} pages/s`;
}

function plural(n: number, noun: string): string {
  return n === 1 ? noun : `${noun}s`;
}
