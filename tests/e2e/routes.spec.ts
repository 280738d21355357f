import { expect, test } from '@playwright/test';
import { pathFor, ROUTES, type RouteDef } from '@datekit/runtime/routes';
import { CHUNK_RELOAD_STORAGE_KEY } from '@datekit/runtime/rules/constants';
import { skipEntryWarning } from './entry-warning.ts';
import { DEMO, islandHydrated, logIn } from './session.ts';

/** Values for the dynamic segments of the route table. */
const PARAMS = { id: '7', type: 'sent', paymentmethod: 'ideal' };

/** The routes this spec covers: every route of spec §2 but the static pages and landers, which have their own. */
const COVERED = ROUTES.filter((route) => route.layout !== 'lander' && !route.name.startsWith('pages-'));

/** Paths to try for a route: filled in, and for an optional last segment also without it. */
function pathsOf(route: RouteDef): string[] {
  const full = pathFor(route.name, PARAMS);
  const optional = /\/\{\w+\?\}$/.test(route.path);
  return optional ? [full, full.replace(/\/[^/]+$/, '')] : [full];
}

test.beforeEach(async ({ context }) => {
  await skipEntryWarning(context);
});

test('logged out, member routes send the visitor to login and the others answer with their layout', async ({
  page,
}) => {
  for (const route of COVERED) {
    for (const path of pathsOf(route)) {
      const response = await page.goto(path);
      if (route.auth) {
        const url = new URL(page.url());
        expect(url.pathname, `${path} goes to login`).toBe('/login');
        expect(url.searchParams.get('redirect'), path).toBe(path);
        continue;
      }
      expect(response?.status(), path).toBe(200);
      await expect(page.locator('body'), path).toHaveClass(new RegExp(`\\blayout-${route.layout}\\b`));
      await expect(page.locator('body'), path).toHaveAttribute('data-route', route.name);
      if (route.name !== 'index') await expect(page, path).toHaveTitle(/ · Datekit Demo$/);
    }
  }
});

test('logged in, every member route answers with its layout', async ({ page }) => {
  await logIn(page);
  for (const route of COVERED.filter((r) => r.auth)) {
    for (const path of pathsOf(route)) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      expect(new URL(page.url()).pathname, path).toBe(path);
      await expect(page.locator('body'), path).toHaveClass(new RegExp(`\\blayout-${route.layout}\\b`));
      await expect(page.locator('body'), path).toHaveClass(/\blogged-in\b/);
      await expect(page, path).toHaveTitle(/ · Datekit Demo$/);
    }
  }
});

test('the members area carries its class; other screens do not', async ({ page }) => {
  await logIn(page);
  for (const path of ['/members', '/members/7', '/chats', '/likes', '/likes/m/7', '/premium']) {
    await page.goto(path);
    await expect(page.locator('body'), path).toHaveClass(/\bmembers-area\b/);
  }
  for (const path of ['/credits', '/settings', '/pricing']) {
    await page.goto(path);
    await expect(page.locator('body'), path).not.toHaveClass(/\bmembers-area\b/);
  }
});

test('the settings screens show the account of the member', async ({ page }) => {
  await logIn(page);
  await page.getByTestId('nav-account').click();
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByTestId('notification-types').locator('li')).toHaveCount(8);
  await expect(page.getByTestId('notifications-enabled')).toContainText(DEMO.email);
  await page.getByRole('link', { name: 'Account settings' }).click();
  await expect(page.getByTestId('account-email')).toHaveText(DEMO.email);
});

test('the likes screen opens the tab of its URL, and an unknown tab is not found', async ({ page }) => {
  await logIn(page);
  await page.goto('/likes');
  await expect(page.getByTestId('likes-tab-received')).toHaveAttribute('aria-current', 'page');
  await page.getByTestId('likes-tab-matches').click();
  await expect(page).toHaveURL(/\/likes\/matches$/);
  await expect(page.getByTestId('likes-tab-matches')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('likes-panel-matches')).toBeVisible();
  await page.goto('/likes/everything');
  await expect(page.getByTestId('likes-not-found')).toContainText('This page could not be found');
});

test('the pricing page shows every bundle in euros with the premium claim and the welcome discount', async ({
  page,
}) => {
  await page.goto('/pricing');
  const bundles = page.getByTestId('credit-bundles');
  await expect(bundles.locator('li')).toHaveCount(4);
  await expect(bundles.getByTestId('bundle-popular').getByTestId('bundle-price')).toHaveText('€29.95');
  await expect(page.getByTestId('premium-claim')).toHaveText('Premium members have a 46% higher chance of a match.');
  await expect(page.getByTestId('welcome-discount')).toContainText('25% welcome discount');
});

test('the back button shows only in an installed app with history, on the screens that have one', async ({
  browser,
}) => {
  // A browser tab: no back button even with history, the browser has its own.
  const tab = await browser.newPage();
  await skipEntryWarning(tab.context());
  await logIn(tab);
  await tab.goto('/members/7');
  await expect(tab.getByTestId('member-profile')).toBeVisible();
  expect(await tab.evaluate(() => history.length)).toBeGreaterThan(1);
  await expect(tab.getByTestId('nav-back')).toHaveCount(0);
  // Its island never loads in a tab (client:installed).
  await expect(tab.locator('astro-island[component-url*="BackButton"]')).toHaveAttribute('ssr', '');
  await tab.close();

  // iOS home-screen mode, which Safari reports through navigator.standalone.
  const app = await browser.newContext();
  await skipEntryWarning(app);
  await app.addInitScript(() => Object.defineProperty(Navigator.prototype, 'standalone', { get: () => true }));
  const page = await app.newPage();
  await logIn(page);
  await page.goto('/credits');
  await islandHydrated(page, 'BackButton');
  await expect(page.getByTestId('nav-back')).toBeVisible();
  await page.goto('/settings');
  await expect(page.getByTestId('nav-back')).toHaveCount(0);
  await page.goBack();
  await islandHydrated(page, 'BackButton');
  await page.getByTestId('nav-back').click();
  await expect(page).toHaveURL(/\/members$/);
  await app.close();
});

test('the US footer shows in English only, and a language switch re-renders the page and survives a reload', async ({
  page,
}) => {
  await page.goto('/pricing');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('us-footer')).toContainText('18 U.S.C. § 2257');

  // The switcher hydrates on its first touch (no framework code before): the press is kept and repeated.
  await page.getByTestId('language-switcher').click();
  await page.getByTestId('language-option-nl').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Prijzen');
  await expect(page.getByTestId('nav-login')).toHaveText('Inloggen');
  await expect(page.getByTestId('us-footer')).toHaveCount(0);

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Prijzen');
  await expect(page.getByTestId('us-footer')).toHaveCount(0);
});

test('the language screen switches the language like the dropdown', async ({ page }) => {
  await page.goto('/lang-config');
  await page.getByTestId('language-choice-nl').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await expect(page.getByTestId('language-choice-nl')).toHaveAttribute('aria-current', 'true');
});

test('the generic error page says "Error" with status 500 and links nowhere but the navigation', async ({ page }) => {
  // The shell the server answers 5xx with, read as a file. The build writes it as 500/index.html; once
  // the build places it beside 404.html as 500.html, that is where it is.
  const response = (await page.request.get('/500.html')).ok()
    ? await page.goto('/500.html')
    : await page.goto('/500/index.html');
  expect(response?.status()).toBe(200);
  const panel = page.getByTestId('error-page');
  await expect(panel.getByRole('heading', { level: 1 })).toHaveText('Error');
  await expect(panel).toContainText('500');
  await expect(panel.getByRole('link')).toHaveCount(0);
  await expect(page.getByTestId('error-fallback')).toBeHidden();
});

test('when showing the error page fails, the fallback shows the details and a link home', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId('not-found')).toBeVisible();
  await page.evaluate(() =>
    setTimeout(() => {
      throw new Error('the account menu could not render');
    }),
  );
  const fallback = page.getByTestId('error-fallback');
  await expect(fallback.getByRole('heading', { level: 1 })).toHaveText(
    'An error occurred while showing the error page',
  );
  await expect(fallback).toContainText('the account menu could not render');
  await expect(fallback.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
  await expect(page.getByTestId('not-found')).toBeHidden();
});

test('a chunk that fails to load reloads the page once, and not again within 60 s', async ({ page }) => {
  // Documents requested, not load events: a reload may start before the first page finished loading.
  let loads = 0;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads += 1;
  });
  // A visitor's page loads no island before interaction: the live events' module fails instead.
  await page.route('**/_astro/LiveEvents*.js', (route) => route.abort());
  await page.goto('/pricing');
  await expect.poll(() => loads).toBe(2);
  // The reload may still be replacing the document: read the mark once the new page answers.
  const reloadMark = () =>
    page.evaluate((key) => sessionStorage.getItem(key), CHUNK_RELOAD_STORAGE_KEY).catch(() => null);
  await expect.poll(reloadMark).toMatch(/^\d+$/);
  // The reloaded page fails the same way: it must not reload again.
  await page.waitForTimeout(2_000);
  expect(loads).toBe(2);
});
