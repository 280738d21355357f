// @ts-check
import { defineConfig } from 'astro/config';
import { siteConfig } from './src/integration/config.ts';

// `datekit build` does not read this file: it passes the same configuration with the brands it validated.
export default defineConfig(siteConfig());
