import { strFromU8, unzipSync } from 'fflate';
import fs from 'node:fs';
import { expect, request, test, type Page } from '@playwright/test';
import { E2E_BASE_URL } from './e2e-env.ts';
import { skipEntryWarning } from './entry-warning.ts';
import { waitForMail } from './outbox.ts';
import { CLIENT_HEADER, logIn, PASSWORD, signUpAndActivate, type TestMember } from './session.ts';
import { waitForHydration } from './signup-flow.ts';

test.beforeEach(({ context }) => skipEntryWarning(context));

/** The first link to `path` in an .eml file, as it stands in the file, as a path on our host. */
function linkIn(eml: string, path: string): string {
  const match = new RegExp(`https?://[^\\s"<]+(${path.replace(/[.?]/g, '\\$&')}\\?token=[\\w-]+)`).exec(eml);
  if (!match) throw new Error(`no ${path} link in the mail`);
  return match[1]!;
}

/** A member whose session lives in `page` (its request context shares the page's cookies). */
async function pageMember(page: Page, name: string): Promise<TestMember> {
  return signUpAndActivate(page.request, name);
}

test('change the e-mail address and confirm it from the outbox', async ({ page }) => {
  const member = await pageMember(page, 'Mover');
  const next = `moved-${Date.now()}@example.com`;
  await page.goto('/settings');
  await waitForHydration(page, 'mail-change-form');
  const form = page.getByTestId('mail-change-form');
  await form.locator('input[name="email"]').fill(next);
  await form.locator('input[name="password"]').fill(PASSWORD);
  await form.locator('button[type="submit"]').click();
  await expect(page.getByTestId('mail-change-sent')).toContainText(next);
  await expect(page.getByTestId('account-email')).toHaveText(member.email);

  await page.goto(linkIn(await waitForMail(next), '/mail-change/do'));
  await expect(page.getByTestId('mail-change-done')).toContainText(next);
  await page.goto('/settings');
  await expect(page.getByTestId('account-email')).toHaveText(next);
});

test('delete the account: gone for another member at once, back with the e-mail link', async ({ page, browser }) => {
  const leaver = await pageMember(page, 'Leaver');
  const other = await browser.newContext({ baseURL: E2E_BASE_URL });
  await skipEntryWarning(other);
  const otherPage = await other.newPage();
  await signUpAndActivate(otherPage.request, 'Watcher');
  await otherPage.goto(`/members/${leaver.id}`);
  await expect(otherPage.getByRole('heading', { name: leaver.name })).toBeVisible();

  await page.goto('/settings');
  await waitForHydration(page, 'delete-start');
  await page.getByTestId('delete-start').click();
  // The demo brand's company offers a discount to stay; this member declines it.
  await expect(page.getByTestId('delete-offer')).toContainText('25%');
  await page.getByRole('button', { name: 'No thanks, delete my account' }).click();
  const form = page.getByTestId('delete-form');
  await form.locator('input[name="password"]').fill(PASSWORD);
  await Promise.all([page.waitForURL('**/account-deleted'), form.locator('button[type="submit"]').click()]);
  await expect(page.getByTestId('page-account-deleted')).toContainText('14 days');

  await otherPage.goto(`/members/${leaver.id}`);
  await expect(otherPage.getByTestId('not-found')).toBeVisible();

  await page.goto(linkIn(await waitForMail(leaver.email, 10_000, /account-reactivate/), '/api/account-reactivate.php'));
  await expect(page).toHaveURL(/\/settings\?reactivated=1$/);
  await expect(page.getByTestId('account-reactivated')).toBeVisible();
  await otherPage.goto(`/members/${leaver.id}`);
  await expect(otherPage.getByRole('heading', { name: leaver.name })).toBeVisible();
  // The link works once.
  await page.goto(linkIn(await waitForMail(leaver.email, 10_000, /account-reactivate/), '/api/account-reactivate.php'));
  await expect(page.getByTestId('reactivation-failed')).toBeVisible();
  await other.close();
});

test('download the data export and find your own message in it', async ({ page }) => {
  const writer = await pageMember(page, 'Writer');
  const reader = await request.newContext({ baseURL: E2E_BASE_URL });
  const readerMember = await signUpAndActivate(reader, 'Reader');
  const text = `Export me please ${Date.now()}`;
  const sent = await page.request.post('/api/message.php', {
    headers: CLIENT_HEADER,
    data: { profile_id: readerMember.id, text },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  await page.goto('/settings');
  await waitForHydration(page, 'account-settings');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('data-export').click()]);
  expect(download.suggestedFilename()).toMatch(/^localhost-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(fs.readFileSync(await download.path())));
  const messages = JSON.parse(strFromU8(files['messages-sent.json']!)) as { text: string }[];
  expect(messages.map((m) => m.text)).toContain(text);
  expect(JSON.parse(strFromU8(files['account.json']!))).toMatchObject({ email: writer.email });
  await reader.dispose();
});

test('logging in while the account is pending deletion offers reactivation', async ({ page }) => {
  const leaver = await pageMember(page, 'Returner');
  const deleted = await page.request.post('/api/account-delete.php', {
    headers: CLIENT_HEADER,
    data: { password: PASSWORD },
  });
  expect(deleted.status(), await deleted.text()).toBe(200);
  await logIn(page, { email: leaver.email, password: PASSWORD, expectSuccess: false });
  await expect(page.getByTestId('login-form')).toContainText('Your account is being deleted');
  await Promise.all([page.waitForURL('**/settings?reactivated=1'), page.getByTestId('login-reactivate').click()]);
  await expect(page.getByTestId('account-reactivated')).toBeVisible();
  await expect(page.getByTestId('account-email')).toHaveText(leaver.email);
});
