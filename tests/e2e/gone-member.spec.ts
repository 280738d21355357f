import { expect, request, test, type Page } from '@playwright/test';
import { E2E_BASE_URL } from './e2e-env.ts';
import { skipEntryWarning } from './entry-warning.ts';
import { CLIENT_HEADER, PASSWORD, signUpAndActivate, type TestMember } from './session.ts';

test.beforeEach(({ context }) => skipEntryWarning(context));

/** A member who wrote to `page`'s member and then deleted her account. */
async function memberWhoLeft(page: Page): Promise<TestMember> {
  const client = await request.newContext({ baseURL: E2E_BASE_URL });
  const leaver = await signUpAndActivate(client, 'Leonie');
  const me = await signUpAndActivate(page.request, 'Stays');
  const sent = await client.post('/api/message.php', {
    headers: CLIENT_HEADER,
    data: { profile_id: me.id, text: 'Hi!' },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const deleted = await client.post('/api/account-delete.php', {
    headers: CLIENT_HEADER,
    data: { password: PASSWORD },
  });
  expect(deleted.status(), await deleted.text()).toBe(200);
  await client.dispose();
  return leaver;
}

test("a gone member's profile asks the server once and shows one heading", async ({ page }) => {
  const leaver = await memberWhoLeft(page);
  const missing: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 404) missing.push(new URL(response.url()).pathname);
  });
  await page.goto(`/members/${leaver.id}`);
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page.locator('h1')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(missing).toEqual(['/api/member.php']);
});

test('the chat with a member who deleted her account says she has left and leads back', async ({ page }) => {
  const leaver = await memberWhoLeft(page);
  await page.goto(`/members/${leaver.id}/chat`);
  const gone = page.getByTestId('chat-partner-gone');
  await expect(gone).toBeVisible();
  await expect(gone.getByRole('heading', { level: 1 })).toHaveText('This member has left');
  await gone.getByRole('link', { name: 'Back to your chats' }).click();
  await expect(page).toHaveURL(/\/chats$/);
});
