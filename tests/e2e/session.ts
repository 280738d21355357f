import { execFileSync } from 'node:child_process';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { CLIENT_REQUEST_HEADER } from '@datekit/runtime/errors';
import { E2E_VAR_DIR, ROOT } from './e2e-env.ts';
import { activationLinkIn, waitForMail } from './outbox.ts';
import { waitForHydration } from './signup-flow.ts';

/** The seeded demo member (see packages/server/seed). */
export const DEMO = { email: 'demo@datekit.test', password: 'datekit-demo' };

/** A password every member made by the tests shares. */
export const PASSWORD = 'a long and lovely secret';

/** The header every write to the API carries (the server's CSRF guard). */
export const CLIENT_HEADER = { [CLIENT_REQUEST_HEADER]: '1' };

/**
 * Fills in and submits the login form. With `expectSuccess` (the default) it waits until the form has
 * sent the member on to the next page: the nav shows the account as soon as the session exists, but
 * the form navigates after that, and a `page.goto` in between would race that navigation.
 */
export async function logIn(
  page: Page,
  { email = DEMO.email, password = DEMO.password, expectSuccess = true } = {},
): Promise<void> {
  await page.goto('/login');
  // Typing into the server-rendered form before React takes it over would be lost.
  await waitForHydration(page, 'login-form');
  const form = page.getByTestId('login-form');
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill(password);
  if (!expectSuccess) {
    await form.locator('button[type="submit"]').click();
    return;
  }
  await Promise.all([
    page.waitForURL((url) => url.pathname !== '/login'),
    form.locator('button[type="submit"]').click(),
  ]);
  await expect(page.getByTestId('nav-account')).toBeVisible();
}

/** An island of the page has hydrated (Astro drops `ssr` from its element then). */
export async function islandHydrated(page: Page, component: string): Promise<void> {
  await page.waitForFunction((name) => {
    const island = document.querySelector(`astro-island[component-url*="${name}"]`);
    return island !== null && !island.hasAttribute('ssr');
  }, component);
}

export interface TestMember {
  id: number;
  name: string;
  email: string;
}

let serial = 0;

/**
 * Signs a member up through the API (as the signup form does) and activates the account from the mail,
 * which logs them in: `client` holds their session afterwards (a page's `request` shares the page's
 * cookies). Activation grants the brand's signup credits.
 */
export async function signUpAndActivate(
  client: APIRequestContext,
  name: string,
  { gender = 'female', dateOfBirth = '1990-04-12' } = {},
): Promise<TestMember> {
  serial += 1;
  const email = `${name.toLowerCase()}-${Date.now()}-${serial}@example.com`;
  const signup = await client.post('/api/signup.php', {
    headers: CLIENT_HEADER,
    data: { email, name, password: PASSWORD, date_of_birth: dateOfBirth, gender, accept_terms: true },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const { user } = (await signup.json()) as { user: { profile: { id: number } } };
  const activation = await client.get(activationLinkIn(await waitForMail(email)));
  expect(new URL(activation.url()).pathname).toBe('/activate/done');
  return { id: user.profile.id, name, email };
}

/** Grants credits the way support does, with the real `datekit credits grant` on the e2e database. */
export function grantCredits(email: string, amount: number): void {
  execFileSync(
    process.execPath,
    [
      path.join(ROOT, 'packages/cli/bin/datekit.mjs'),
      'credits',
      'grant',
      ...['--brand', 'localhost', '--email', email, '--amount', String(amount)],
      ...['--operator', 'e2e', '--reason', 'end-to-end test'],
    ],
    { cwd: ROOT, env: { ...process.env, DATEKIT_VAR_DIR: E2E_VAR_DIR, DATABASE_URL: '' }, stdio: 'pipe' },
  );
}

/**
 * Moves a member's signup `hours` into the past on the e2e database, as time passing would: after 4 h
 * the time bonus is over (spec §4), and the banners after it in the dock get their turn.
 */
export function backdateSignup(email: string, hours: number): void {
  const db = new Database(path.join(E2E_VAR_DIR, 'datekit.sqlite'), { fileMustExist: true });
  try {
    db.prepare('update users set created_at = created_at - ? where email = ?').run(hours * 3_600_000, email);
  } finally {
    db.close();
  }
}

/**
 * The page's member has their live events stream open. The page marks it (`performance.mark`,
 * `datekit-live-open`): the request itself is made by the shared worker that holds the browser's one
 * stream, out of the page's sight.
 */
export async function liveStreamOpen(page: Page): Promise<void> {
  await page.waitForFunction(() => performance.getEntriesByName('datekit-live-open').length > 0);
}

/**
 * Leaves shared workers out of this context's pages: each page opens its own event stream, as in a
 * browser without them (the runtime's fallback). For tests that wait for `networkidle`: Chromium reports
 * the request for a shared worker's script to the page that started it, and its end only to the worker,
 * which Playwright does not follow (microsoft/playwright#33917), so that page never becomes idle.
 */
export async function withoutSharedWorker(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    delete (window as { SharedWorker?: unknown }).SharedWorker;
  });
}
