/**
 * Keeps the end of the page clear of the banners docked at the bottom edge (DefaultLayout.astro): the
 * body's bottom padding follows their height, so the footer can always be scrolled above them. Growing
 * the padding moves nothing that is already on screen.
 */
const banners = document.querySelector<HTMLElement>('.layout-banners');
if (banners) {
  new ResizeObserver(() => {
    document.body.style.paddingBottom = banners.offsetHeight > 0 ? `${banners.offsetHeight}px` : '';
  }).observe(banners);
}
