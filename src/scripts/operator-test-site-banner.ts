import { $operatorTestSite, loadOperator } from '@datekit/runtime/stores/operator/session';

/**
 * Shows the console's test-site strip (OperatorLayout.astro) while /api/operator/me says the
 * installation takes no real payments. The navigation asks for it on every page but the login page,
 * which has none: there this script asks.
 */
const strip = document.querySelector<HTMLElement>('[data-test-site-banner]');
if (strip) {
  $operatorTestSite.subscribe((testSite) => {
    strip.hidden = !testSite;
  });
  if (document.body.dataset.page === 'login') void loadOperator().catch(() => undefined);
}
