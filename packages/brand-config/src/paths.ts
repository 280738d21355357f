import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, found from this file so the loaders work from any working directory. */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** The brand and niche files; DATEKIT_BRANDS_DIR / DATEKIT_NICHES_DIR point elsewhere (a deploy's own copy, tests). */
export const BRANDS_DIR = process.env.DATEKIT_BRANDS_DIR
  ? path.resolve(process.env.DATEKIT_BRANDS_DIR)
  : path.join(ROOT, 'brands');
export const NICHES_DIR = process.env.DATEKIT_NICHES_DIR
  ? path.resolve(process.env.DATEKIT_NICHES_DIR)
  : path.join(ROOT, 'niches');
