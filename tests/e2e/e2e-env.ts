import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4399);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
/** The end-to-end server's own var folder (one per port): database, outbox and media, wiped before every run. */
export const E2E_VAR_DIR = path.join(ROOT, 'var', `e2e-${E2E_PORT}`);
export const E2E_OUTBOX = path.join(E2E_VAR_DIR, 'outbox');
/**
 * The affiliate network's postback listener of postbacks.spec.ts: a fixed port per run (the server
 * must allowlist its origin before it starts), 20000 above the server's.
 */
export const E2E_POSTBACK_ORIGIN = `http://127.0.0.1:${E2E_PORT + 20_000}`;
/** The end-to-end server's VAPID keys: a pair made for the tests only (web push is on, as in production). */
export const E2E_VAPID = {
  publicKey: 'BIxqyDhEgivr2qZyCRF3pw0LCAMjZ2ST3V18W7XCiCWirxqIDnH2gL481CPriLSij1IToLhXTPqz7GUdILIaYAw',
  privateKey: 'lM1sj3cZJGddH3iAIdmmiO5K5KlEGm3ug0iH9VJVaOQ',
};
/** The bearer token of the end-to-end server's `/metrics` (live-stream.spec.ts counts the streams opened). */
export const E2E_METRICS_TOKEN = 'e2e-metrics-token';
