/**
 * Keeps the page clear of the banners docked at the bottom edge (DefaultLayout.astro). The body's
 * bottom padding follows their height, so the footer can always be scrolled above them; growing it
 * moves nothing that is already on screen. The page's bottom scroll padding follows it too, so that
 * whatever the browser scrolls into view (a field reached with Tab, a link to an anchor) stops above
 * the banners instead of behind them.
 */
const banners = document.querySelector<HTMLElement>('.layout-banners');
if (banners) {
  new ResizeObserver(() => {
    const height = banners.offsetHeight > 0 ? `${banners.offsetHeight}px` : '';
    document.body.style.paddingBottom = height;
    document.documentElement.style.scrollPaddingBottom = height;
  }).observe(banners);
}
