import { describe, expect, it } from 'vitest';
import { CHUNK_RELOAD_INTERVAL_MS } from './constants.ts';
import { isChunkLoadError, mayReloadAfterChunkError, parseReloadTime } from './chunk-reload.ts';

describe('isChunkLoadError', () => {
  it("recognises each browser's failed dynamic import", () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x/_astro/A.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: https://x/_astro/A.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
  });

  it("recognises Vite's failed stylesheet preload and plain messages", () => {
    expect(isChunkLoadError(new Error('Unable to preload CSS for /_astro/x.css'))).toBe(true);
    expect(isChunkLoadError('Failed to load module script: Expected a JavaScript module')).toBe(true);
  });

  it('ignores every other error', () => {
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
    expect(isChunkLoadError(new Error('Failed to fetch'))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
    expect(isChunkLoadError(42)).toBe(false);
    expect(isChunkLoadError({ message: 42 })).toBe(false);
  });
});

describe('mayReloadAfterChunkError', () => {
  const now = 1_700_000_000_000;

  it('reloads when this tab never reloaded for a chunk', () => {
    expect(mayReloadAfterChunkError(now, null, CHUNK_RELOAD_INTERVAL_MS)).toBe(true);
  });

  it('does not reload again within 60 s', () => {
    expect(mayReloadAfterChunkError(now, now - 1_000, CHUNK_RELOAD_INTERVAL_MS)).toBe(false);
    expect(mayReloadAfterChunkError(now, now - CHUNK_RELOAD_INTERVAL_MS + 1, CHUNK_RELOAD_INTERVAL_MS)).toBe(false);
  });

  it('reloads again once 60 s have passed', () => {
    expect(mayReloadAfterChunkError(now, now - CHUNK_RELOAD_INTERVAL_MS, CHUNK_RELOAD_INTERVAL_MS)).toBe(true);
    expect(mayReloadAfterChunkError(now, now - 3_600_000, CHUNK_RELOAD_INTERVAL_MS)).toBe(true);
  });

  it('is not blocked forever by a time in the future (clock set back)', () => {
    expect(mayReloadAfterChunkError(now, now + 3_600_000, CHUNK_RELOAD_INTERVAL_MS)).toBe(true);
  });
});

describe('parseReloadTime', () => {
  it('reads a stored time', () => {
    expect(parseReloadTime('1700000000000')).toBe(1_700_000_000_000);
  });

  it('is null for nothing or garbage', () => {
    expect(parseReloadTime(null)).toBeNull();
    expect(parseReloadTime('')).toBeNull();
    expect(parseReloadTime('soon')).toBeNull();
  });
});
