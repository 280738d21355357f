import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './axe.ts';
import { skipEntryWarning } from './entry-warning.ts';
import { islandHydrated, liveStreamOpen, signUpAndActivate } from './session.ts';

test.beforeEach(({ context }) => skipEntryWarning(context));

/** What the browser console would show a developer: errors, failed requests and uncaught exceptions. */
function watchConsole(page: Page): string[] {
  const noise: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') noise.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => noise.push(`exception: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) noise.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  return noise;
}

test('/signup-matches hydrates without an error in the console', async ({ page }) => {
  await signUpAndActivate(page.request, 'Matcher');
  const noise = watchConsole(page);
  await page.goto('/signup-matches');
  await expect(page.getByTestId('signup-matches').or(page.getByTestId('signup-matches-empty'))).toBeVisible();
  await islandHydrated(page, 'SignupMatches');
  // The last thing the page starts: its live stream, through the shared worker (whose script request
  // keeps Playwright's `networkidle` from ever coming, see withoutSharedWorker in session.ts).
  await page.waitForLoadState('load');
  await liveStreamOpen(page);
  expect(noise).toEqual([]);
});

test('every brand has a favicon, as ICO and SVG, and a page asks for nothing that is missing', async ({ page }) => {
  const noise = watchConsole(page);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(noise).toEqual([]);
  const ico = await page.request.get('/favicon.ico');
  expect(ico.status()).toBe(200);
  expect(ico.headers()['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)$/);
  expect((await ico.body()).readUInt16LE(2)).toBe(1);
  const svg = await page.request.get('/favicon.svg');
  expect(svg.headers()['content-type']).toBe('image/svg+xml');
});

test("the language button's accessible name contains what it shows, for visitors and members", async ({ page }) => {
  const rules = ['label-content-name-mismatch'];
  await page.goto('/');
  await expect(page.getByTestId('language-switcher')).toBeVisible();
  expect(await axeViolations(page, rules)).toEqual([]);
  await signUpAndActivate(page.request, 'Axel');
  await page.goto('/members');
  await expect(page.getByTestId('nav-account')).toBeVisible();
  expect(await axeViolations(page, rules)).toEqual([]);
});
