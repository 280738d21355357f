import { describe, expect, it } from 'vitest';
import type { BrandBuild } from './build-brands.ts';
import { brandLine, summaryLine } from './report.ts';

const localhost: BrandBuild = {
  domain: 'localhost',
  languages: [
    { lang: 'en', pages: 6 },
    { lang: 'nl', pages: 1 },
  ],
  pages: 7,
  manifest: { domain: 'localhost', languages: ['en', 'nl'], routes: [], notFound: '404.html' },
};

describe('build report', () => {
  it('prints the pages per language of a brand', () => {
    expect(brandLine(localhost, 12)).toBe('  ✓ localhost     en 6 pages · nl 1 page   routes.json: 0 routes');
  });

  it('sums up with the rate', () => {
    expect(summaryLine({ brands: [localhost], pages: 7, seconds: 2 })).toBe(
      'Built 7 pages for 1 brand in 2.0 s (3.5 pages/s)',
    );
  });
});
