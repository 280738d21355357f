import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { loadBrands } from '@datekit/brand-config';
import { STATIC_PAGES } from '@datekit/runtime/routes';
import { formatLegalDate, termsVersionDate } from '@datekit/runtime/rules/legal';
import type { Brand } from '@datekit/runtime/schemas/brand';
import { skipEntryWarning } from './entry-warning.ts';
import { ROOT } from './e2e-env.ts';

/**
 * The legal and help pages (spec §2 static pages, §9 terms date and phone): each answers in the
 * visitor's language with the demo brand's own company facts, and ships no JavaScript of its own.
 */

let demo: Brand;

test.beforeAll(async () => {
  const { brands } = await loadBrands({ domains: ['localhost'] });
  demo = brands[0]!;
});

test.beforeEach(async ({ context }) => {
  await skipEntryWarning(context);
});

/** Pages that name the operating company with its registry and VAT numbers. */
const WITH_COMPANY_DETAILS = ['terms', 'privacy', 'service'];

/** What a page loads to run: module scripts and island components, by URL. */
async function javascriptOf(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [
      ...[...document.querySelectorAll('script[type="module"][src]')].map((s) => s.getAttribute('src')!),
      ...[...document.querySelectorAll('astro-island')].map((i) => i.getAttribute('component-url')!),
    ].sort(),
  );
}

test('every static page answers 200 in English with its own heading and a working table of contents', async ({
  page,
}) => {
  for (const name of STATIC_PAGES) {
    const path = `/pages/${name}`;
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.locator('html'), path).toHaveAttribute('lang', 'en');
    await expect(page.locator('body'), path).toHaveAttribute('data-route', `pages-${name}`);
    await expect(page.locator('h1'), path).toHaveCount(1);
    await expect(page, path).toHaveTitle(/ · Datekit Demo$/);

    const targets = await page
      .locator('.legal-toc a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
    expect(targets.length, path).toBeGreaterThan(2);
    for (const target of targets) {
      await expect(page.locator(target), `${path} ${target}`).toHaveCount(1);
    }
    // Every placeholder was filled: a brand fact left out would show as {{name}}.
    await expect(page.locator('main'), path).not.toContainText('{{');
  }
});

test('the terms, privacy and service pages name the demo company with its registry and VAT numbers', async ({
  page,
}) => {
  for (const name of WITH_COMPANY_DETAILS) {
    await page.goto(`/pages/${name}`);
    const article = page.getByTestId(`legal-${name}`);
    await expect(article).toContainText(demo.company.name);
    await expect(article.locator('address')).toContainText(demo.company.address);
    await expect(article.getByTestId('company-registry')).toHaveText(demo.company.kvk);
    await expect(article.getByTestId('company-vat')).toHaveText(demo.company.vat_numbers.join(', '));
  }
});

test('the terms show their version date: the company added date, since it is later than 2023-12-01', async ({
  page,
}) => {
  const date = termsVersionDate(demo.company.added);
  expect(date.toISOString()).toBe(`${demo.company.added}T00:00:00.000Z`);
  await page.goto('/pages/terms');
  const version = page.getByTestId('legal-version');
  await expect(version).toContainText(formatLegalDate(date, 'en'));
  await expect(version).toHaveAttribute('datetime', date.toISOString());
});

test('the return policy states the brand’s refund days', async ({ page }) => {
  await page.goto('/pages/return-policy');
  const article = page.getByTestId('legal-return-policy');
  await expect(article).toContainText(`within ${demo.refund_days} days of your purchase`);
  await expect(article.locator('h1')).toHaveText('Returns and refunds');
});

test('the support phone is shown as written and dialled without spaces or dashes', async ({ page }) => {
  const dialled = `tel:${demo.support_phone.replace(/[\s-]/g, '')}`;
  expect(demo.support_phone).toMatch(/\s/); // the demo number has spaces, so the cleaning is exercised
  for (const name of ['service', 'privacy', 'return-policy']) {
    await page.goto(`/pages/${name}`);
    const links = page.locator('main a[href^="tel:"]');
    expect(await links.count(), name).toBeGreaterThan(0);
    for (const href of await links.evaluateAll((all) => all.map((a) => a.getAttribute('href')!))) {
      expect(href, name).toBe(dialled);
      expect(href, name).not.toMatch(/[\s-]/);
    }
    await expect(links.first(), name).toHaveText(demo.support_phone);
  }
});

test('with the Dutch language cookie the pages are in Dutch', async ({ page, context, baseURL }) => {
  const dutch = JSON.parse(readFileSync(`${ROOT}/locales/nl/pages.json`, 'utf8')) as Record<string, string>;
  await context.addCookies([{ name: 'lang', value: 'nl', url: baseURL! }]);
  await page.goto('/pages/terms');
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await expect(page.locator('h1')).toHaveText(dutch['page.legal.terms.title']!);
  await expect(page.locator('h1')).toHaveText('Algemene voorwaarden');
  await expect(page.getByTestId('legal-version')).toContainText(
    formatLegalDate(termsVersionDate(demo.company.added), 'nl'),
  );
  await page.goto('/pages/return-policy');
  await expect(page.getByTestId('legal-return-policy')).toContainText(`binnen ${demo.refund_days} dagen na je aankoop`);
});

test('the static pages load no JavaScript beyond what every page of the layout loads', async ({ page }) => {
  // The 404 page uses the same default layout and has no islands of its own: its scripts are the layout's.
  const notFound = await page.goto('/no-such-page');
  expect(notFound?.status()).toBe(404);
  const layoutOnly = await javascriptOf(page);
  for (const name of STATIC_PAGES) {
    await page.goto(`/pages/${name}`);
    expect(await javascriptOf(page), name).toEqual(layoutOnly);
  }
});

test('a static page that does not exist answers 404', async ({ page }) => {
  const response = await page.goto('/pages/imprint');
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId('not-found')).toBeVisible();
});
