import react from '@astrojs/react';
import type { AstroUserConfig } from 'astro';
import type { Brand } from '../../packages/runtime/schemas/brand/index.ts';
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
    integrations: [
      react(),
      datekit({
        ...(options.brands ? { brands: options.brands } : {}),
        ...(options.scope ? { scope: options.scope } : {}),
      }),
    ],
  };
}
