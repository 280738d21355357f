import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4399);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
/** The end-to-end server's own var folder (one per port): database, outbox and media, wiped before every run. */
export const E2E_VAR_DIR = path.join(ROOT, 'var', `e2e-${E2E_PORT}`);
export const E2E_OUTBOX = path.join(E2E_VAR_DIR, 'outbox');
