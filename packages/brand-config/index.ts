/**
 * @datekit/brand-config: reads and validates `brands/*.yaml` and `niches/*.yaml`. The one owner of brand
 * and niche loading: the `datekit` command, the Astro integration (`astro dev`, `astro check`) and the
 * tests import it from here; it imports only `@datekit/runtime` (the schemas), never the CLI or the site.
 */
export { loadBrands, type LoadedBrands } from './src/load.ts';
export { loadNiches, type LoadedNiches } from './src/niches.ts';
export { nicheFileSchema, type Niche } from './src/niche-schema.ts';
export { formatProblem, type BrandProblem } from './src/problem.ts';
export { domainOfFile } from './src/cross-file.ts';
export { BRANDS_DIR, NICHES_DIR } from './src/paths.ts';
/** The schemas' JSON Schema, which `datekit docs` renders into the brand file reference. */
export { inputJsonSchema, undocumentedFields, type JsonSchemaNode } from './src/schema-fields.ts';
