import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { ROOT } from './e2e-env.ts';
import { skipEntryWarning } from './entry-warning.ts';
import { CONSOLE } from './operator-console.ts';

/**
 * The test-site strip (src/components/TestSiteBanner.astro). The end-to-end server is not a test
 * site (testSite is for production running the sandbox), so the strip stays hidden there; answering
 * settings.php with `test_site: true`, as such a production does, shows it on every kind of page.
 */

const text = (lang: string) =>
  (JSON.parse(readFileSync(`${ROOT}/locales/${lang}/ui.json`, 'utf8')) as Record<string, string>)[
    'site.test_site_banner'
  ]!;

/** settings.php as a production running the sandbox answers it. */
async function asTestSite(page: Page): Promise<void> {
  await page.route('**/api/settings.php*', async (route) => {
    const response = await route.fetch();
    const answer = (await response.json()) as { settings: Record<string, unknown> };
    await route.fulfill({ response, json: { ...answer, settings: { ...answer.settings, test_site: true } } });
  });
}

test.beforeEach(async ({ context }) => {
  await skipEntryWarning(context);
});

test('a site that takes real payments shows no test-site strip', async ({ page }) => {
  const settings = page.waitForResponse((res) => res.url().includes('/api/settings.php'));
  await page.goto('/');
  expect(((await (await settings).json()) as { settings: { test_site: boolean } }).settings.test_site).toBe(false);
  await expect(page.getByTestId('test-site-banner')).toBeHidden();
});

test('a test site says so at the very top of every kind of page, in the visitor’s language', async ({
  page,
  context,
  baseURL,
}) => {
  await asTestSite(page);
  for (const path of ['/', '/pages/terms', '/landers/gallery', '/login']) {
    await page.goto(path);
    const strip = page.getByTestId('test-site-banner');
    await expect(strip, path).toBeVisible();
    await expect(strip, path).toHaveText(text('en'));
    expect((await strip.boundingBox())?.y, path).toBe(0);
  }
  await context.addCookies([{ name: 'lang', value: 'nl', url: baseURL! }]);
  await page.goto('/');
  await expect(page.getByTestId('test-site-banner')).toHaveText(text('nl'));
});

test('the operator console says so too, from its sign-in page on', async ({ page }) => {
  const me = page.waitForResponse((res) => res.url().endsWith('/api/operator/me'));
  await page.goto(`${CONSOLE}/login`);
  expect(((await (await me).json()) as { test_site: boolean }).test_site).toBe(false);
  await expect(page.getByTestId('test-site-banner')).toBeHidden();
  // The signed-out answer as a test site gives it (Node cannot resolve operator.localhost to fetch it).
  await page.route('**/api/operator/me', (route) =>
    route.fulfill({ json: { operator: null, brands: [], test_site: true } }),
  );
  await page.goto(`${CONSOLE}/login`);
  const strip = page.getByTestId('test-site-banner');
  await expect(strip).toBeVisible();
  await expect(strip).toHaveText(
    (JSON.parse(readFileSync(`${ROOT}/locales/en/operator.json`, 'utf8')) as Record<string, string>)[
      'op.test_site_banner'
    ]!,
  );
  expect((await strip.boundingBox())?.y).toBe(0);
});
