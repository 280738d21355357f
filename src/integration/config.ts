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
    // No chunk merging: Rollup's `experimentalMinChunkSize` (members' pages 63 → 40 scripts) has no
    // counterpart in Vite 8's Rolldown. Its `codeSplitting` groups merge by size without regard to which
    // pages load a chunk: with a 12 KB threshold React reached every visitor page (17 → 64 KB), with 3 KB
    // a member's profile 46 KB, both over issue 13's 30 KB. module-preloads.ts in the CLI announces
    // every chunk a page imports, so the extra files are requested together, not one level at a time.
    integrations: [
      react(),
      datekit({
        ...(options.brands ? { brands: options.brands } : {}),
        ...(options.scope ? { scope: options.scope } : {}),
      }),
    ],
  };
}
