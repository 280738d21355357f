import { expect, test } from '@playwright/test';
import { skipEntryWarning } from './entry-warning.ts';
import { waitForMail } from './outbox.ts';

test.beforeEach(({ context }) => skipEntryWarning(context));

/** The reset link of a mail, as it stands in the file (the outbox writes text as is). */
function resetLinkIn(eml: string): string {
  const match = /https?:\/\/[^\s"<]+\/reset-password\/do\?token=[\w-]+/.exec(eml);
  if (!match) throw new Error('no reset link in the mail');
  return match[0];
}

test('a member who forgot the password gets a link by mail, chooses a new one and is logged in', async ({
  page,
  request,
}) => {
  const email = `forgetful-${Date.now()}@example.com`;
  const signup = await request.post('/api/signup.php', {
    headers: { 'x-client-request': '1' },
    data: { email, name: 'Forgetful', password: 'the old secret', date_of_birth: '1988-03-03', accept_terms: true },
  });
  expect(signup.status()).toBe(201);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await page.getByTestId('reset-request-form').locator('input[name="email"]').fill(email);
  await page.getByTestId('reset-request-form').locator('button[type="submit"]').click();
  await expect(page.getByTestId('reset-sent')).toContainText(email);

  await page.goto(resetLinkIn(await waitForMail(email, 10_000, /^Subject: Reset/m)));
  const form = page.getByTestId('reset-form');
  await form.locator('input[name="password"]').fill('a fresh new secret');
  await form.locator('input[name="password_repeat"]').fill('a different one');
  await form.locator('button[type="submit"]').click();
  await expect(form.locator('#password_repeat-error, .field-error').filter({ hasText: 'not the same' })).toBeVisible();
  await form.locator('input[name="password_repeat"]').fill('a fresh new secret');
  await form.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('nav-account')).toBeVisible();
});

test('a used or made-up link says so and offers a new one', async ({ page }) => {
  await page.goto('/reset-password/do?token=made-up-token');
  const form = page.getByTestId('reset-form');
  await form.locator('input[name="password"]').fill('another new secret');
  await form.locator('input[name="password_repeat"]').fill('another new secret');
  await form.locator('button[type="submit"]').click();
  await expect(page.getByTestId('form-error')).toHaveText('Link expired or invalid, request a new email');
  await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();
});
