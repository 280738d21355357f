import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, request, test, type Page } from '@playwright/test';
import { generateSync } from 'otplib';
import sharp from 'sharp';
import { E2E_BASE_URL, E2E_PORT, E2E_VAR_DIR, ROOT } from './e2e-env.ts';
import { CLIENT_HEADER, islandHydrated, signUpAndActivate } from './session.ts';

/** The console's own host (OPERATOR_HOST's default); Chromium resolves *.localhost to this machine. */
const CONSOLE = `http://operator.localhost:${E2E_PORT}`;
const PASSWORD = 'operator password for e2e';

/** `datekit operators add` on the e2e database; answers the TOTP secret it prints. */
function addOperator(email: string, role: string): string {
  const out = execFileSync(
    process.execPath,
    [
      path.join(ROOT, 'packages/cli/bin/datekit.mjs'),
      'operators',
      'add',
      '--email',
      email,
      '--role',
      role,
      '--password',
      PASSWORD,
    ],
    { cwd: ROOT, env: { ...process.env, DATEKIT_VAR_DIR: E2E_VAR_DIR, DATABASE_URL: '' }, encoding: 'utf8' },
  );
  return /TOTP secret: (\S+)/.exec(out)![1]!;
}

/** A member of the demo brand with a photo waiting for a check; answers the photo's id. */
async function memberWithPhoto(name: string, colour: { r: number; g: number; b: number }): Promise<number> {
  const member = await request.newContext({ baseURL: E2E_BASE_URL });
  await signUpAndActivate(member, name);
  const image = await sharp({ create: { width: 400, height: 500, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  const res = await member.post('/api/photos.php', {
    headers: { ...CLIENT_HEADER, 'content-type': 'image/jpeg' },
    data: image,
  });
  expect(res.status(), await res.text()).toBe(201);
  const { photo } = (await res.json()) as { photo: { id: number } };
  await member.dispose();
  return photo.id;
}

/** Signs in at the console: password, then the code an authenticator app would show for `secret`. */
async function signInToConsole(page: Page, email: string, secret: string): Promise<void> {
  await page.goto(`${CONSOLE}/login`);
  await islandHydrated(page, 'OperatorLogin');
  const login = page.getByTestId('op-login-form');
  await login.locator('input[name="email"]').fill(email);
  await login.locator('input[name="password"]').fill(PASSWORD);
  await login.locator('button[type="submit"]').click();
  const codeForm = page.getByTestId('op-code-form');
  await codeForm.locator('input[name="code"]').fill(generateSync({ secret }));
  await Promise.all([page.waitForURL(`${CONSOLE}/`), codeForm.locator('button[type="submit"]').click()]);
}

test('a moderator signs in with a TOTP code, approves one photo and rejects another', async ({ page }) => {
  const email = `moderator-${Date.now()}@ops.test`;
  const secret = addOperator(email, 'moderator');
  const first = await memberWithPhoto('Queuefirst', { r: 200, g: 90, b: 60 });
  const second = await memberWithPhoto('Queuesecond', { r: 60, g: 90, b: 200 });

  // The console sends a visitor without its session to the login.
  await page.goto(`${CONSOLE}/photos`);
  await expect(page).toHaveURL(`${CONSOLE}/login`);
  await islandHydrated(page, 'OperatorLogin');
  const login = page.getByTestId('op-login-form');
  await login.locator('input[name="email"]').fill(email);
  await login.locator('input[name="password"]').fill(PASSWORD);
  await login.locator('button[type="submit"]').click();

  // First sign-in: the QR code to enrol, then the code the authenticator app would show.
  const codeForm = page.getByTestId('op-code-form');
  await expect(page.getByTestId('op-enrolment').locator('img')).toBeVisible();
  await codeForm.locator('input[name="code"]').fill(generateSync({ secret }));
  await Promise.all([page.waitForURL(`${CONSOLE}/`), codeForm.locator('button[type="submit"]').click()]);
  await expect(page.getByTestId('op-whoami')).toContainText(email);

  await page.goto(`${CONSOLE}/photos`);
  await islandHydrated(page, 'OperatorPhotos');
  await expect(page.getByTestId('op-shortcuts')).toContainText('approve');
  const photo = page.getByTestId('op-photo');
  // Oldest first: the queue may hold photos of other tests; decide until ours come up.
  await expect(photo).toBeVisible();
  const queued = async () => Number(await photo.getAttribute('data-photo-id'));
  while ((await queued()) !== first) await page.keyboard.press('j');
  await expect(photo.locator('img')).toHaveJSProperty('complete', true);
  await page.getByRole('button', { name: /Approve/ }).click();
  await expect(page.getByTestId('op-photo-status')).toHaveText(`Photo ${first} approved.`);

  while ((await queued()) !== second) await page.keyboard.press('j');
  await page.locator('select[name="reason"]').selectOption('nudity');
  // The keyboard shortcut R rejects with the chosen reason (once the focus has left the list).
  await page.locator('h1').click();
  await page.keyboard.press('r');
  await expect(page.getByTestId('op-photo-status')).toHaveText(`Photo ${second} rejected.`);
});

test("a refund from the console appears in the member's transactions", async ({ page, browser }) => {
  await signUpAndActivate(page.request, 'Refunda');
  await page.goto('/credits/starter');
  await page.getByTestId('method-creditcard').check();
  await page.getByTestId('pay').click();
  await expect(page).toHaveURL(/\/api\/sandbox-checkout\.php\?id=tr_sbx_/);
  await page.getByTestId('sandbox-paid').click();
  await expect(page).toHaveURL(/\/credits\/starter\/creditcard\?payment=\d+$/);
  const paymentId = /payment=(\d+)/.exec(page.url())![1]!;

  const email = `finance-${Date.now()}@ops.test`;
  const secret = addOperator(email, 'finance');
  const consoleContext = await browser.newContext();
  const ops = await consoleContext.newPage();
  await signInToConsole(ops, email, secret);
  await ops.goto(`${CONSOLE}/payments`);
  await islandHydrated(ops, 'OperatorPayments');
  const row = ops.locator(`tr[data-payment-id="${paymentId}"]`);
  ops.once('dialog', (dialog) => void dialog.accept('member asked for a refund'));
  await row.getByRole('button', { name: 'Refund' }).click();
  await expect(ops.getByRole('status')).toContainText('Refunded');
  await expect(row).toContainText('Refunded');
  await consoleContext.close();

  await page.goto('/transactions');
  await expect(page.getByTestId('transactions').locator('tbody tr')).toContainText('Refunded');
});
