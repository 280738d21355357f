import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_INTERVAL_MS } from '@datekit/runtime/rules/constants';
import { chunkReloadScript } from './chunk-reload.ts';

type Listener = (event: Record<string, unknown>) => void;

/** Just enough of a window to run the inline script as the browser would: its listeners, storage, reload. */
function fakeWindow(storage: Map<string, string> = new Map()) {
  const listeners = new Map<string, Listener[]>();
  const logged: unknown[][] = [];
  const win = {
    addEventListener: (type: string, listener: Listener) =>
      listeners.set(type, [...(listeners.get(type) ?? []), listener]),
    sessionStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
    },
    location: { href: 'http://localhost/members', reload: vi.fn() },
    console: { error: (...args: unknown[]) => void logged.push(args) },
  };
  new Function('window', chunkReloadScript())(win);
  const fire = (type: string, event: Record<string, unknown> = {}) => {
    const full = { preventDefault: vi.fn(), ...event };
    for (const listener of listeners.get(type) ?? []) listener(full);
    return full;
  };
  return { win, fire, logged, storage };
}

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: http://localhost/_astro/A.js');

afterEach(() => vi.useRealTimers());

describe('the chunk reload script', () => {
  it("reloads on Vite's preload error and keeps Vite from throwing", () => {
    const { win, fire } = fakeWindow();
    const event = fire('vite:preloadError', { payload: chunkError() });
    expect(win.location.reload).toHaveBeenCalledTimes(1);
    expect(event.preventDefault).toHaveBeenCalled();
  });

  it('reloads on an unhandled failed import, and not on other rejections', () => {
    const other = fakeWindow();
    other.fire('unhandledrejection', { reason: new Error('Request failed') });
    expect(other.win.location.reload).not.toHaveBeenCalled();

    const { win, fire } = fakeWindow();
    fire('unhandledrejection', { reason: chunkError() });
    expect(win.location.reload).toHaveBeenCalledTimes(1);
  });

  it('reloads when a hashed script or stylesheet fails to load, not for other files', () => {
    const other = fakeWindow();
    other.fire('error', { target: { tagName: 'IMG', src: 'http://localhost/_astro/x.png' } });
    other.fire('error', { target: { tagName: 'SCRIPT', src: 'https://elsewhere.example/widget.js' } });
    expect(other.win.location.reload).not.toHaveBeenCalled();

    const { win, fire } = fakeWindow();
    fire('error', { target: { tagName: 'SCRIPT', src: 'http://localhost/_astro/page.abc123.js' } });
    expect(win.location.reload).toHaveBeenCalledTimes(1);
  });

  it("reloads when Astro's island loader logs a failed component import, and still logs it", () => {
    const { win, logged } = fakeWindow();
    win.console.error('[astro-island] Error hydrating /_astro/AccountNav.js', chunkError());
    expect(win.location.reload).toHaveBeenCalledTimes(1);
    expect(logged).toHaveLength(1);
    win.console.error('something else');
    expect(logged).toHaveLength(2);
  });

  it('reloads at most once per 60 s, counted across page loads of the tab', () => {
    vi.useFakeTimers({ now: 1_700_000_000_000 });
    const storage = new Map<string, string>();
    const first = fakeWindow(storage);
    first.fire('vite:preloadError');
    expect(first.win.location.reload).toHaveBeenCalledTimes(1);

    // The reloaded page fails again at once: no second reload, and Vite may throw as usual.
    const second = fakeWindow(storage);
    const event = second.fire('vite:preloadError');
    expect(second.win.location.reload).not.toHaveBeenCalled();
    expect(event.preventDefault).not.toHaveBeenCalled();

    vi.setSystemTime(1_700_000_000_000 + CHUNK_RELOAD_INTERVAL_MS);
    const later = fakeWindow(storage);
    later.fire('vite:preloadError');
    expect(later.win.location.reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload when the tab has no storage to count reloads in', () => {
    const { win, fire } = fakeWindow();
    win.sessionStorage.getItem = () => {
      throw new Error('SecurityError');
    };
    fire('vite:preloadError');
    expect(win.location.reload).not.toHaveBeenCalled();
  });
});
