/**
 * Keeps the room of the members' banners (activation reminder, account alerts, discount) from the first
 * paint, so that they do not push the page down when they appear (layout shift). They are
 * islands that render only once the member is known, after the page showed; no one knows before then
 * which will show, but the tab does: each page records the height they took (sessionStorage), and the
 * next page reserves it before its first paint. The room is given back as soon as the banners fill it,
 * when the member presses something in them (hiding one), when nobody is logged in, and at the latest a
 * moment after their islands hydrated (a banner that ended leaves no gap for long). A tab's first page
 * has nothing to go by.
 *
 * Runs inline, inside the banners' container (only on pages the server shows members alone).
 */

/** How long after the banners' islands hydrated an unfilled room is kept (their data may still load). */
const SETTLE_MS = 2000;

function keepBannersRoom(box: HTMLElement, key: string, settleMs: number): void {
  const storage = (() => {
    try {
      return window.sessionStorage;
    } catch {
      return null;
    }
  })();
  let reserved = Number(storage?.getItem(key)) || 0;
  if (reserved > 0) box.style.minHeight = `${reserved}px`;

  const release = () => {
    reserved = 0;
    box.style.minHeight = '';
  };
  /** The banners' own height: measured without the reserved room, in the same frame (nothing paints). */
  const natural = () => {
    const kept = box.style.minHeight;
    box.style.minHeight = '';
    const height = box.getBoundingClientRect().height;
    box.style.minHeight = kept;
    return height;
  };
  const check = () => {
    const body = document.body.classList;
    if (body.contains('logged-out')) {
      release();
      storage?.removeItem(key);
      return;
    }
    if (!body.contains('logged-in')) return;
    const height = natural();
    try {
      storage?.setItem(key, String(height));
    } catch {
      // A full storage only costs the next page its reserved room.
    }
    if (height >= reserved) release();
  };
  let queued = false;
  const schedule = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      check();
    });
  };
  const hydrated = () => [...box.querySelectorAll('astro-island')].every((island) => !island.hasAttribute('ssr'));
  let settling = false;
  const observer = new MutationObserver(() => {
    schedule();
    if (!settling && reserved > 0 && hydrated()) {
      settling = true;
      setTimeout(() => {
        release();
        schedule();
      }, settleMs);
    }
  });
  observer.observe(box, { childList: true, subtree: true, attributes: true });
  new MutationObserver(schedule).observe(document.body, { attributes: true, attributeFilter: ['class'] });
  box.addEventListener(
    'click',
    () => {
      release();
      schedule();
    },
    true,
  );
}

/** The inline script: runs where it stands, on its parent (the banners' container). */
export function bannersRoomScript(storageKey: string): string {
  return `(${keepBannersRoom.toString()})(document.currentScript.parentElement,${JSON.stringify(storageKey)},${SETTLE_MS});`;
}
