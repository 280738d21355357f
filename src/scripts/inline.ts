import { chunkReloadScript } from './chunk-reload.ts';
import { errorFallbackScript } from './error-fallback.ts';

/*
 * Inline scripts, built once per build rather than once per page. They run before any module script,
 * so they work even when the site's hashed scripts cannot be loaded.
 */

/** Every layout's: reloads once when a chunk fails to load. */
export const CHUNK_RELOAD_SCRIPT = chunkReloadScript();

/** The error page's: shows the fallback when showing the error page fails. */
export const ERROR_FALLBACK_SCRIPT = errorFallbackScript();
