import { execFileSync } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { chooseBirthDate } from './birth-date.ts';
import { E2E_POSTBACK_ORIGIN, E2E_VAR_DIR, ROOT } from './e2e-env.ts';
import { skipEntryWarning } from './entry-warning.ts';
import { activationLinkIn, waitForMail } from './outbox.ts';
import { addOperator, CONSOLE, signInToConsole } from './operator-console.ts';
import { islandHydrated, PASSWORD, withoutSharedWorker } from './session.ts';
import { skipToAccountStep } from './signup-flow.ts';

/** The affiliate network: a real HTTP server on the allowlisted origin, recording each postback's query. */
const received: Record<string, string>[] = [];
let listener: http.Server;

test.beforeAll(async () => {
  listener = http.createServer((req, res) => {
    received.push(Object.fromEntries(new URL(req.url ?? '/', E2E_POSTBACK_ORIGIN).searchParams));
    res.end('OK');
  });
  const { port, hostname } = new URL(E2E_POSTBACK_ORIGIN);
  await new Promise<void>((resolve) => listener.listen(Number(port), hostname, resolve));
});

// The adults-only entry warning has its own tests (visitor.spec.ts); here the visitor has passed it.
// Its tests wait for `networkidle` (see withoutSharedWorker).
test.beforeEach(async ({ context }) => {
  await skipEntryWarning(context);
  await withoutSharedWorker(context);
});

test.afterAll(async () => {
  listener.closeAllConnections();
  await new Promise((resolve) => listener.close(resolve));
});

/** A marketer's `datekit postbacks add` on the e2e database: in force at once, no rebuild, no restart. */
function addPostback(network: string, hold: 'on' | 'off'): void {
  execFileSync(
    process.execPath,
    [
      path.join(ROOT, 'packages/cli/bin/datekit.mjs'),
      'postbacks',
      'add',
      ...['--brand', 'localhost', '--network', network, '--events', 'soi,doi,sale'],
      ...[
        '--url',
        `${E2E_POSTBACK_ORIGIN}/pb?event={event}&network={network}&sub1={sub1}&amount={amount}&currency={currency}&cid={conversion_id}`,
      ],
      // Chromium here is headless and fills the form faster than a person: its signups score as junk
      // traffic, so with the hold on their SOI waits for an operator.
      ...['--hold', hold],
    ],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        DATEKIT_VAR_DIR: E2E_VAR_DIR,
        DATABASE_URL: '',
        POSTBACK_ENDPOINT_ALLOWLIST: E2E_POSTBACK_ORIGIN,
      },
      stdio: 'pipe',
    },
  );
}

/** The postbacks the listener received for one network, by event. */
const eventsOf = (network: string) => received.filter((r) => r.network === network).map((r) => r.event);

/** Signs a visitor up through the signup steps, arriving from `network`; returns once the account exists. */
async function signUpFrom(page: Page, network: string, email: string): Promise<void> {
  await page.goto(`/signup?network=${network}&sub1=pub%2042`);
  await skipToAccountStep(page);
  const form = page.getByTestId('signup-form');
  await form.locator('input[name="name"]').fill('Postback');
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill(PASSWORD);
  await chooseBirthDate(form, '1990-04-12');
  await form.locator('input[name="gender"][value="male"]').check();
  await form.locator('input[name="accept_terms"]').check();
  const created = page.waitForResponse((res) => res.url().includes('/api/signup.php'));
  await form.locator('button[type="submit"]').click();
  expect((await created).status()).toBe(201);
}

/** A finance operator signed in to the console's postbacks page, showing the demo brand. */
async function postbacksConsole(browser: Browser): Promise<{ ops: Page; close: () => Promise<void> }> {
  const email = `marketing-${Date.now()}@ops.test`;
  const secret = addOperator(email, 'finance');
  const context = await browser.newContext();
  const ops = await context.newPage();
  await signInToConsole(ops, email, secret);
  await ops.goto(`${CONSOLE}/postbacks`);
  await islandHydrated(ops, 'OperatorPostbacks');
  await ops.getByRole('combobox', { name: 'Brand' }).selectOption('localhost');
  return { ops, close: () => context.close() };
}

async function buyStarter(page: Page): Promise<void> {
  await page.goto('/credits/starter');
  await page.getByTestId('method-creditcard').check();
  await expect(page).toHaveURL(/\/credits\/starter\/creditcard$/);
  await page.getByTestId('pay').click();
  await expect(page).toHaveURL(/\/api\/sandbox-checkout\.php\?id=tr_sbx_/);
  await page.getByTestId('sandbox-paid').click();
  await expect(page).toHaveURL(/\/credits\/starter\/creditcard\?payment=\d+$/);
}

test('a visitor from a network signs up, confirms and buys: the network gets one soi, one doi and one sale', async ({
  page,
  browser,
}) => {
  const network = `e2enet${Date.now()}`;
  addPostback(network, 'off');
  const email = `postback-${Date.now()}@example.com`;

  await signUpFrom(page, network, email);
  await expect.poll(() => eventsOf(network)).toEqual(['soi']);

  await page.goto(activationLinkIn(await waitForMail(email)));
  await expect(page).toHaveURL(/\/activate\/done$/);
  await expect.poll(() => eventsOf(network)).toEqual(['soi', 'doi']);

  await buyStarter(page);
  await expect.poll(() => eventsOf(network)).toEqual(['soi', 'doi', 'sale']);
  const mine = received.filter((r) => r.network === network);
  expect(mine.map((r) => r.sub1)).toEqual(['pub 42', 'pub 42', 'pub 42']);
  expect(mine[2]).toMatchObject({ currency: 'EUR', amount: expect.stringMatching(/^\d+\.\d{2}$/) });
  expect(new Set(mine.map((r) => r.cid)).size).toBe(3);
  // Nothing comes twice: a return visit to the payment page syncs it again.
  await page.reload();
  await page.waitForLoadState('networkidle');
  expect(eventsOf(network)).toHaveLength(3);

  // The console's postbacks page shows the config and the three deliveries, each sent at the first attempt.
  const { ops, close } = await postbacksConsole(browser);
  await expect(ops.getByTestId('op-postback-configs')).toContainText(network);
  const deliveries = ops.getByTestId('op-postback-deliveries').locator('tbody tr', { hasText: network });
  await expect(deliveries).toHaveCount(3);
  for (const row of await deliveries.all()) {
    await expect(row).toContainText('Sent');
    await expect(row).toContainText(' · 200 · ');
  }
  await close();
});

test('a signup that traffic quality flags has its soi held until an operator releases it', async ({
  page,
  browser,
}) => {
  const network = `e2ehold${Date.now()}`;
  addPostback(network, 'on');
  await signUpFrom(page, network, `held-${Date.now()}@example.com`);

  // Headless and faster than a person: the signup is held, so the network has been told nothing.
  const { ops, close } = await postbacksConsole(browser);
  const held = ops.getByTestId('op-postback-held').locator('tbody tr', { hasText: network });
  await expect(held).toHaveCount(1);
  await expect(held).toContainText('Automated browser');
  expect(eventsOf(network)).toEqual([]);

  await held.getByRole('button', { name: 'Release' }).click();
  await expect(held).toHaveCount(0);
  await expect.poll(() => eventsOf(network)).toEqual(['soi']);
  await close();
});
