/**
 * The banners docked at the bottom edge (DefaultLayout.astro), static or islands alike:
 * - The body's bottom padding follows their height, so the footer can always be scrolled above them;
 *   growing it moves nothing that is already on screen. The page's bottom scroll padding follows it
 *   too, so that whatever the browser scrolls into view (a field reached with Tab, a link to an anchor)
 *   stops above the banners instead of behind them.
 * - A banner is one line: its toggle shows when the message does not fit (`data-overflows`), and
 *   unfolds it (`data-expanded`). Islands render the toggle and leave both attributes to this script.
 * - It never stays over a page's primary action (`data-primary-action`: buy, like, write, next): while
 *   one is in the strip the dock covers, the dock steps aside below the edge (`data-stepped-aside`),
 *   and comes back once the member scrolled the action above it.
 */
const dock = document.querySelector<HTMLElement>('.layout-banners');
if (dock) {
  const markOverflows = () => {
    for (const banner of dock.querySelectorAll<HTMLElement>('.dock-banner')) {
      const text = banner.querySelector<HTMLElement>('.dock-banner-text');
      banner.toggleAttribute('data-overflows', text !== null && text.scrollWidth > text.clientWidth + 1);
    }
  };
  const stepAside = () => {
    const top = innerHeight - dock.offsetHeight;
    const covered = [...document.querySelectorAll('[data-primary-action]')].some((action) => {
      const box = action.getBoundingClientRect();
      return box.height > 0 && box.bottom > top && box.top < innerHeight;
    });
    dock.toggleAttribute('data-stepped-aside', covered);
  };
  let frame = 0;
  const stepAsideSoon = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(stepAside);
  };
  addEventListener('scroll', stepAsideSoon, { passive: true });
  addEventListener('resize', stepAsideSoon);
  // The page's own islands render their actions after the dock's script ran: the body grows then.
  new ResizeObserver(stepAsideSoon).observe(document.body);
  new ResizeObserver(() => {
    const height = dock.offsetHeight > 0 ? `${dock.offsetHeight}px` : '';
    document.body.style.paddingBottom = height;
    document.documentElement.style.scrollPaddingBottom = height;
    markOverflows();
    stepAside();
  }).observe(dock);
  // A banner that arrives, or whose text changes (an island's), may no longer fit.
  new MutationObserver(markOverflows).observe(dock, { childList: true, subtree: true, characterData: true });
  dock.addEventListener('click', (event) => {
    const toggle = (event.target as Element).closest('[data-banner-toggle]');
    const banner = toggle?.closest<HTMLElement>('.dock-banner');
    if (!toggle || !banner) return;
    const expanded = banner.toggleAttribute('data-expanded');
    toggle.setAttribute('aria-expanded', String(expanded));
  });
}
