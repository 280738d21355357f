import { $settings } from '@datekit/runtime/stores/settings';

/**
 * Shows the test-site strip (src/components/TestSiteBanner.astro) while settings.php answers
 * `test_site`: production running the built-in sandbox, where no real payment is taken. Listening to
 * the settings store asks for them once per page (an ETag makes it a 304 after the first page).
 */
const strip = document.querySelector<HTMLElement>('[data-test-site-banner]');
if (strip) {
  $settings.subscribe((settings) => {
    strip.hidden = settings?.test_site !== true;
  });
}
