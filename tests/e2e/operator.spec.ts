import { expect, test } from '@playwright/test';
import {
  addOperator,
  addOperatorLogin,
  CONSOLE,
  enterCode,
  enterPassword,
  memberWithPhoto,
  signInToConsole,
} from './operator-console.ts';
import { islandHydrated, signUpAndActivate } from './session.ts';

test('a moderator enrols with the enrolment code, signs in with a TOTP code, approves one photo and rejects another', async ({
  page,
  browser,
}) => {
  const email = `moderator-${Date.now()}@ops.test`;
  const { secret, enrolmentCode } = addOperatorLogin(email, 'moderator');
  const first = await memberWithPhoto('Queuefirst', { r: 200, g: 90, b: 60 });
  const second = await memberWithPhoto('Queuesecond', { r: 60, g: 90, b: 200 });

  // The console sends a visitor without its session to the login.
  await page.goto(`${CONSOLE}/photos`);
  await expect(page).toHaveURL(`${CONSOLE}/login`);
  await enterPassword(page, email);

  // First sign-in: the password alone shows no secret; the enrolment code the command printed shows
  // the QR code, then the code the authenticator app would show signs in.
  const enrol = page.getByTestId('op-enrol-form');
  await expect(enrol.locator('input[name="enrolment_code"]')).toHaveValue('');
  await expect(page.getByTestId('op-enrolment')).toHaveCount(0);
  await expect(page.locator('input[type="password"]')).toHaveCount(0);
  await enrol.locator('input[name="enrolment_code"]').fill(enrolmentCode);
  await enrol.locator('button[type="submit"]').click();
  await expect(page.getByTestId('op-enrolment').locator('img')).toBeVisible();
  await expect(page.getByTestId('op-enrolment')).toContainText(secret);
  await enterCode(page, secret);
  await expect(page.getByTestId('op-whoami')).toContainText(email);

  // A later sign-in, in another browser: the code field is empty too (it once held the e-mail).
  const other = await browser.newContext();
  const later = await other.newPage();
  await later.goto(`${CONSOLE}/login`);
  await enterPassword(later, email);
  await expect(later.getByTestId('op-enrol-form')).toHaveCount(0);
  // The same TOTP code is accepted once only: the field being empty is what this sign-in shows.
  await expect(later.getByTestId('op-code-form').locator('input[name="code"]')).toHaveValue('');
  await other.close();

  await page.goto(`${CONSOLE}/photos`);
  await islandHydrated(page, 'OperatorPhotos');
  await expect(page.getByTestId('op-shortcuts')).toContainText('approve');
  // Oldest first, in a grid: the queue may hold photos of other tests beside ours.
  const firstTile = page.locator(`[data-testid="op-photo"][data-photo-id="${first}"]`);
  await expect(firstTile.locator('img').first()).toHaveJSProperty('complete', true);
  await firstTile.getByRole('button', { name: /Approve/ }).click();
  await expect(page.getByTestId('op-photo-status')).toHaveText(`Photo ${first} approved.`);

  const secondTile = page.locator(`[data-testid="op-photo"][data-photo-id="${second}"]`);
  await secondTile.focus();
  await page.locator('select[name="reason"]').selectOption('nudity');
  // The keyboard shortcut R rejects the focused photo with the chosen reason (once the focus has left the list).
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
