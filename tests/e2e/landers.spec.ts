import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'yaml';
import { NICHE_SLUGS } from '@datekit/runtime/data/niches';
import { LANDER_VARIANTS } from '@datekit/runtime/data/landers';
import { ROOT } from './e2e-env.ts';
import { skipEntryWarning } from './entry-warning.ts';
import { skipToAccountStep } from './signup-flow.ts';
import { chooseBirthDate } from './birth-date.ts';

/** The landers the demo brand publishes (its `landers` list); the others must not exist on it. */
const published = (parse(readFileSync(path.join(ROOT, 'brands/localhost.yaml'), 'utf8')) as { landers: string[] })
  .landers;
const unpublished = LANDER_VARIANTS.filter((variant) => !published.includes(variant));
const withSlug = published.filter((variant) => variant !== 'tinderswipe');

async function expectLander(page: Page, url: string, niche?: string) {
  const response = await page.goto(url);
  expect(response?.status(), url).toBe(200);
  await expect(page.locator('body')).toHaveClass(/\blayout-lander\b/);
  await expect(page.locator('h1')).toBeVisible();
  await expect(page.locator('[data-signup-cta]').first()).toBeVisible();
  if (niche) await expect(page.locator('.niche-art').first()).toHaveAttribute('data-niche', niche);
}

async function expectNotFound(page: Page, url: string) {
  const response = await page.goto(url);
  expect(response?.status(), url).toBe(404);
  await expect(page.getByTestId('not-found')).toBeVisible();
}

test.beforeEach(async ({ context }) => {
  await skipEntryWarning(context);
});

test.describe('lander pages', () => {
  test('the demo brand publishes landers, and not all of them', () => {
    expect(published.length).toBeGreaterThan(0);
    expect(unpublished.length).toBeGreaterThan(0);
  });

  for (const variant of withSlug) {
    test(`/landers/${variant} answers without a slug, with each niche slug, and 404 for another slug`, async ({
      page,
    }) => {
      // Without a slug: the brand's own niche (the demo's is "default").
      await expectLander(page, `/landers/${variant}`, 'default');
      for (const slug of NICHE_SLUGS) await expectLander(page, `/landers/${variant}/${slug}`, slug);
      await expectNotFound(page, `/landers/${variant}/lesbian`);
      await expectNotFound(page, `/landers/${variant}/_slug`);
    });
  }

  test('/landers/tinderswipe answers, and takes no slug', async ({ page }) => {
    test.skip(!published.includes('tinderswipe'), 'the demo brand does not publish tinderswipe');
    await expectLander(page, '/landers/tinderswipe', 'default');
    await expectNotFound(page, '/landers/tinderswipe/milf');
  });

  for (const variant of unpublished) {
    test(`/landers/${variant} is not built for a brand that does not publish it`, async ({ page }) => {
      await expectNotFound(page, `/landers/${variant}`);
      await expectNotFound(page, `/landers/${variant}/milf`);
    });
  }

  test('member landing pages answer for any member, with and without a niche slug', async ({ page }) => {
    await expectLander(page, '/members/7/landing', 'default');
    for (const landing of ['landing2', 'landing3']) {
      await expectLander(page, `/members/7/${landing}`, 'default');
      await expectLander(page, `/members/7/${landing}/gay`, 'gay');
      await expectNotFound(page, `/members/7/${landing}/bogus`);
    }
    // Their call to action leads to that member's signup.
    await page.goto('/members/7/landing3/bbw?ref=ad');
    await expect(page.getByTestId('lander-cta')).toHaveAttribute('href', '/members/7/signup?ref=ad');
  });
});

test.describe('lander call to action', () => {
  test('loads no island code before the first click, then opens the signup modal with the tracking parameters', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/landers/gallery?network=e2e&sub1=x');
    const island = page.locator('astro-island[client="interaction"]');
    await expect(island).toHaveCount(1);
    const islandCode = [await island.getAttribute('component-url'), await island.getAttribute('renderer-url')];
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((url) => islandCode.includes(url))).toEqual([]);
    // Nor the members' live events (BaseLayout leaves them out of the lander layout).
    expect(scripts.filter((url) => url.includes('live-events'))).toEqual([]);

    const cta = page.getByTestId('lander-cta');
    await expect(cta).toHaveAttribute('href', '/signup?network=e2e&sub1=x');
    await cta.click();
    const modal = page.getByTestId('signup-modal');
    await expect(modal).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/landers/gallery');
    expect(scripts).toEqual(expect.arrayContaining(islandCode as string[]));

    await skipToAccountStep(modal);
    const form = modal.getByTestId('signup-form');
    await form.locator('input[name="name"]').fill('Lander');
    await form.locator('input[name="email"]').fill(`lander-${Date.now()}@example.com`);
    await form.locator('input[name="password"]').fill('a long and lovely secret');
    await chooseBirthDate(form, '1990-04-12');
    await form.locator('input[name="gender"][value="male"]').check();
    await form.locator('input[name="accept_terms"]').check();
    const signup = page.waitForRequest(
      (request) => request.url().endsWith('/api/signup.php') && request.method() === 'POST',
    );
    await form.locator('button[type="submit"]').click();
    const body = (await signup).postDataJSON() as { tracking?: unknown };
    expect(body.tracking).toEqual({ network: 'e2e', sub1: 'x' });
  });

  test('opens the signup modal from the keyboard too, and again after it was closed', async ({ page }) => {
    await page.goto('/landers/tinderswipe?sub2=kbd');
    const modal = page.getByTestId('signup-modal');
    await page.getByTestId('lander-cta').focus();
    await page.keyboard.press('Enter');
    await expect(modal).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/landers/tinderswipe');

    // Later calls to action are the modal's own business once it exists.
    await modal.getByTestId('signup-modal-close').click();
    await expect(modal).toBeHidden();
    await page.getByRole('link', { name: 'Like' }).click();
    await expect(modal).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/landers/tinderswipe');
  });

  test('is a plain link to the signup with the tracking parameters when JavaScript is off', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/landers/gallery?network=e2e&sub1=x&lb=1');
    const cta = page.getByTestId('lander-cta');
    await expect(cta).toHaveAttribute('href', '/signup?network=e2e&sub1=x');
    await cta.click();
    await expect(page).toHaveURL(/\/signup\?network=e2e&sub1=x$/);
    await context.close();
  });
});

test.describe('page-bounce logging', () => {
  async function hide(page: Page) {
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
  }

  test('with ?lb the lander sends one empty JSON beacon when it becomes hidden', async ({ page }) => {
    const beacons: { body: string | null; type: string | undefined }[] = [];
    // Intercepted, because a beacon's body is only readable on the way through.
    await page.route('**/api/page-hidden.php', async (route) => {
      const request = route.request();
      beacons.push({ body: request.postData(), type: request.headers()['content-type'] });
      await route.continue();
    });
    await page.goto('/landers/tinderswipe?lb=1&network=e2e');
    await page.waitForLoadState('networkidle');
    const sent = page.waitForRequest((request) => request.url().endsWith('/api/page-hidden.php'));
    await hide(page);
    const request = await sent;
    expect(request.method()).toBe('POST');
    expect((await request.response())?.status()).toBe(204);
    await hide(page);
    await page.waitForTimeout(300);
    expect(beacons).toEqual([{ body: '{}', type: 'application/json' }]);
  });

  test('without ?lb nothing is sent', async ({ page }) => {
    let beacons = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/page-hidden.php')) beacons += 1;
    });
    await page.goto('/landers/tinderswipe?network=e2e');
    await page.waitForLoadState('networkidle');
    await hide(page);
    await page.waitForTimeout(500);
    expect(beacons).toBe(0);
  });
});
