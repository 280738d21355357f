import fs from 'node:fs';
import path from 'node:path';
import { expect, request, test } from '@playwright/test';
import { E2E_BASE_URL, E2E_OUTBOX } from './e2e-env.ts';
import { skipEntryWarning } from './entry-warning.ts';
import { waitForMail } from './outbox.ts';
import { CLIENT_HEADER, islandHydrated, signUpAndActivate } from './session.ts';

test.beforeEach(({ context }) => skipEntryWarning(context));

/** Every mail to `to` in the outbox so far. */
function mailsTo(to: string): string[] {
  if (!fs.existsSync(E2E_OUTBOX)) return [];
  const header = new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}$`, 'mi');
  return fs
    .readdirSync(E2E_OUTBOX)
    .map((file) => fs.readFileSync(path.join(E2E_OUTBOX, file), 'utf8'))
    .filter((mail) => header.test(mail));
}

// The e2e server sends notification mails a second after the event (NOTIFICATION_BATCH_SECONDS in
// global-setup.ts); the jobs run in the order they come due, so once the later mail is there, the
// earlier job has run too.
test('a notification type switched off sends no mail; a type still on does', async ({ page }) => {
  const rita = await signUpAndActivate(page.request, 'Rita');
  await page.goto('/notifications');
  await islandHydrated(page, 'NotificationSettings');
  const likes = page.getByTestId('notification-like');
  await expect(likes).toBeChecked();
  await likes.click();
  await expect(likes).not.toBeChecked();
  // Saved on the server: a fresh page shows it off, new conversations still on.
  await page.reload();
  await islandHydrated(page, 'NotificationSettings');
  await expect(page.getByTestId('notification-like')).not.toBeChecked();
  await expect(page.getByTestId('notification-new_conversations')).toBeChecked();
  // Rita leaves the site: no open tab holds her mail back.
  await page.close();

  const sam = await request.newContext({ baseURL: E2E_BASE_URL });
  await signUpAndActivate(sam, 'Sam');
  const liked = await sam.post('/api/like.php', { headers: CLIENT_HEADER, data: { profile_id: rita.id } });
  expect(liked.ok(), await liked.text()).toBe(true);
  const wrote = await sam.post('/api/message.php', {
    headers: CLIENT_HEADER,
    data: { profile_id: rita.id, text: 'Hello Rita' },
  });
  expect(wrote.status(), await wrote.text()).toBe(201);

  // New conversations are on: that mail comes (after the like's job, which came due first).
  const mail = await waitForMail(rita.email, 15_000, /^Subject: Sam wrote to you/m);
  expect(mail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  // Likes are off: no mail about Sam's like.
  expect(mailsTo(rita.email).filter((m) => /^Subject: .*likes you/m.test(m))).toEqual([]);
  await sam.dispose();
});
