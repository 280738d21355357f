/**
 * @datekit/cli as a library: the brand and niche loaders that the `datekit` command, the Astro build
 * and the server share. The command itself starts from `bin/datekit.mjs`.
 */
export { formatProblem, loadBrands, type BrandProblem, type LoadedBrands } from './src/brand/load.ts';
export { loadNiches, nicheFileSchema, type LoadedNiches, type Niche } from './src/brand/niches.ts';
