import react from '@astrojs/react';
import type { AstroUserConfig } from 'astro';
import type { Brand } from '@datekit/runtime/schemas/brand';
import { datekit } from './index.ts';

export interface SiteConfigOptions {
  /** Brands to build; omitted, the integration loads every file in `brands/`. */
  brands?: readonly Brand[];
  /** Only these language versions (`<domain>/<lang>`) are rendered; every one when omitted. */
  scope?: readonly string[];
}

/**
 * The Astro configuration of the site, shared by `astro.config.mjs` (dev, check) and `datekit build`
 * (which passes the brands it validated and its own output directory).
 *
 * Every page lives under `src/pages/[domain]/[lang]/`, so one Astro build renders every brand in every
 * language: `dist/<domain>/<lang>/<page>/index.html`, with the hashed scripts and styles shared by all
 * brands in `dist/_astro/` (served at `/_astro/` on every host).
 */
export function siteConfig(options: SiteConfigOptions = {}): AstroUserConfig {
  return {
    output: 'static',
    trailingSlash: 'ignore',
    // Styles are inlined: a small page renders without waiting for a stylesheet request.
    build: { format: 'directory', assets: '_astro', inlineStylesheets: 'always' },
    devToolbar: { enabled: false },
    vite: {
      build: {
        rollupOptions: {
          output: {
            // Rollup makes a chunk of each set of modules shared by the same islands: the members' pages
            // loaded about 40 of 1–3 KB, imported one level after another. Over HTTP/1.1 a phone opens six
            // connections per host, so they queued (issue 13: Lighthouse 86 on the search). Small chunks
            // without side effects are merged into ones loaded with them, at the cost of some code a page
            // does not run (visitor pages: 16 → 19 KB, 25 → 18 scripts; the search: 63 → 40 scripts).
            experimentalMinChunkSize: 12_000,
          },
        },
      },
    },
    integrations: [
      react(),
      datekit({
        ...(options.brands ? { brands: options.brands } : {}),
        ...(options.scope ? { scope: options.scope } : {}),
      }),
    ],
  };
}
