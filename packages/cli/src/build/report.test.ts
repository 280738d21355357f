import { describe, expect, it } from 'vitest';
import type { BrandBuild } from './build-brands.ts';
import { brandLine, progressBar, summaryLine } from './report.ts';

const localhost: BrandBuild = {
  domain: 'localhost',
  languages: [
    { lang: 'en', pages: 6, rebuilt: true },
    { lang: 'nl', pages: 1, rebuilt: false },
  ],
  pages: 7,
  rendered: 6,
  seconds: 2,
  manifest: { domain: 'localhost', languages: ['en', 'nl'], routes: [], notFound: '404.html' },
};

describe('build report', () => {
  it('prints the pages per language of a brand, its seconds and its rate', () => {
    expect(brandLine(localhost, 12)).toBe(
      '  ✓ localhost     en 6 pages · nl 1 page (kept)   6 pages in 2.0 s (3.0 pages/s)   routes.json: 0 routes',
    );
  });

  it('says so when a brand was kept as it was', () => {
    expect(brandLine({ ...localhost, rendered: 0, seconds: 0 }, 10)).toBe('  = localhost   unchanged: 7 pages kept');
  });

  it('draws a progress bar that stops short of full until the build is done', () => {
    expect(progressBar(50, 100, 10)).toBe('[█████░░░░░]  50%  50/~100 pages');
    expect(progressBar(120, 100, 10)).toBe('[██████████]  99%  120/~120 pages');
  });

  it('sums up with the rate', () => {
    expect(summaryLine({ brands: [localhost], pages: 7, seconds: 2 })).toBe(
      'Built 7 pages for 1 brand in 2.0 s (3.5 pages/s)',
    );
    expect(summaryLine({ brands: [localhost], pages: 7, seconds: 2, skipped: 3, workers: 2 })).toBe(
      'Built 7 pages for 1 brand in 2.0 s (3.5 pages/s); 3 unchanged language versions skipped; 2 worker processes',
    );
  });
});
