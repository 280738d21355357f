import { BANNERS_ROOM_STORAGE_KEY } from '../../packages/runtime/rules/constants.ts';
import { bannersRoomScript } from './banners-room.ts';
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

/** The default layout's, on pages only members are served: keeps the room of the banners (banners-room.ts). */
export const BANNERS_ROOM_SCRIPT = bannersRoomScript(BANNERS_ROOM_STORAGE_KEY);
