import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, found from this file so the CLI works from any working directory. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const LOCALES_DIR = path.join(ROOT, 'locales');
export const DIST_DIR = process.env.DATEKIT_DIST_DIR
  ? path.resolve(process.env.DATEKIT_DIST_DIR)
  : path.join(ROOT, 'dist');
export const VAR_DIR = process.env.DATEKIT_VAR_DIR ? path.resolve(process.env.DATEKIT_VAR_DIR) : path.join(ROOT, 'var');
