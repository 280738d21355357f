import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_VAR_DIR } from './e2e-env.ts';
import { skipEntryWarning } from './entry-warning.ts';
import { signUpAndActivate } from './session.ts';

test.beforeEach(({ context }) => skipEntryWarning(context));

/** The server's text messages (the default SMS sender's outbox of this port's var folder). */
const SMS_OUTBOX = path.join(E2E_VAR_DIR, 'sms-outbox');

/** The code in the newest text message to `phone`; the server writes it before it answers. */
function codeTextedTo(phone: string): string {
  const texts = fs
    .readdirSync(SMS_OUTBOX)
    .sort()
    .map((file) => fs.readFileSync(path.join(SMS_OUTBOX, file), 'utf8'))
    .filter((text) => text.startsWith(`To: ${phone}\n`));
  const code = /\b(\d{6})\b/.exec(texts.at(-1) ?? '')?.[1];
  if (!code) throw new Error(`no code texted to ${phone}`);
  return code;
}

test('a member sets up a direct debit mandate with the texted code, buys a bundle from it and repeats the order in one click', async ({
  page,
}) => {
  await signUpAndActivate(page.request, 'Dirk');
  const phone = `+31 6 ${String(Date.now()).slice(-8)}`;

  await page.goto('/directdebit');
  const form = page.getByTestId('directdebit-form');
  await form.getByLabel('Account holder').fill('Dirk de Vries');
  await form.getByLabel('IBAN').fill('NL91 ABNA 0417 1643 01');
  await form.getByLabel('Street').fill('Prinsengracht');
  await form.getByLabel('House number').fill('263');
  await form.getByLabel('Postal code').fill('1016 GV');
  await form.getByLabel('City').fill('Amsterdam');
  await form.getByLabel('Mobile phone').fill(phone);
  await form.getByRole('button', { name: 'Send code' }).click();
  await expect(form.getByRole('alert')).toHaveText('This IBAN is not valid. Please check it.');

  await form.getByLabel('IBAN').fill('NL91 ABNA 0417 1643 00');
  await form.getByRole('button', { name: 'Send code' }).click();
  const codeForm = page.getByTestId('directdebit-code-form');
  await expect(codeForm).toBeVisible();
  const code = codeTextedTo(phone);
  await codeForm.getByRole('textbox').fill(code === '000000' ? '111111' : '000000');
  await codeForm.getByRole('button', { name: 'Confirm mandate' }).click();
  await expect(codeForm.getByRole('alert')).toHaveText('Code invalid');
  await codeForm.getByRole('textbox').fill(code);
  await codeForm.getByRole('button', { name: 'Confirm mandate' }).click();
  await expect(page.getByTestId('directdebit-mandate')).toContainText('Dirk de Vries, NL91 •••• 4300');

  await page.getByTestId('debit-starter').click();
  await expect(page).toHaveURL(/\/credits\/starter\/directdebit\?payment=\d+$/);
  // The sandbox debits the account a moment later and reports through the webhook path.
  await expect(page.getByTestId('payment-completed')).toBeVisible({ timeout: 15_000 });

  // One debit at a time is settled; the limits show what was used.
  await page.goto('/directdebit');
  await expect(page.getByTestId('directdebit-limits')).toContainText('used: €');

  // The same bundle again from the stored mandate, in one click.
  await page.goto('/credits/repeat-order');
  await expect(page.getByTestId('repeat-order')).toContainText('Dirk de Vries, NL91 •••• 4300');
  await page.getByTestId('repeat-buy').click();
  await expect(page).toHaveURL(/\/credits\/starter\/directdebit\?payment=\d+$/);
  await expect(page.getByTestId('payment-completed')).toBeVisible({ timeout: 15_000 });
});
