import type { BrandBuild, BuildResult } from './build-brands.ts';

/** `  ✓ localhost      en 6 pages · nl 6 pages   routes.json: 5 routes` */
export function brandLine(build: BrandBuild, width: number): string {
  const languages = build.languages.map((l) => `${l.lang} ${l.pages} ${plural(l.pages, 'page')}`).join(' · ');
  return `  ✓ ${build.domain.padEnd(width)}  ${languages}   routes.json: ${build.manifest.routes.length} ${plural(build.manifest.routes.length, 'route')}`;
}

/** `Built 54 pages for 3 brands in 7.4 s (7.3 pages/s)` */
export function summaryLine(result: BuildResult): string {
  const rate = result.seconds > 0 ? result.pages / result.seconds : 0;
  return `Built ${result.pages} ${plural(result.pages, 'page')} for ${result.brands.length} ${plural(result.brands.length, 'brand')} in ${result.seconds.toFixed(1)} s (${rate.toFixed(1)} pages/s)`;
}

function plural(n: number, noun: string): string {
  return n === 1 ? noun : `${noun}s`;
}
