import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import sharp from 'sharp';
import { E2E_BASE_URL } from './e2e-env.ts';
import { skipEntryWarning } from './entry-warning.ts';
import { CLIENT_HEADER, grantCredits, signUpAndActivate } from './session.ts';

// The adults-only entry warning has its own tests (visitor.spec.ts); here every visitor has passed it.
test.beforeEach(({ context }) => skipEntryWarning(context));

/** Another member in a browser of their own (a second context), signed up, activated and logged in. */
async function secondMember(browser: Browser, name: string) {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL });
  await skipEntryWarning(context);
  const page = await context.newPage();
  return { context, page, member: await signUpAndActivate(page.request, name) };
}

async function sendByApi(client: APIRequestContext, profileId: number, text: string): Promise<void> {
  const response = await client.post('/api/message.php', {
    headers: CLIENT_HEADER,
    data: { profile_id: profileId, text },
  });
  expect(response.status(), await response.text()).toBe(201);
}

test('a message sent from the profile chat appears live in the other member’s chat list, title prefixed', async ({
  page,
  browser,
}) => {
  const bente = await signUpAndActivate(page.request, 'Bente');
  const { context: contextA, page: pageA } = await secondMember(browser, 'Anouk');

  // Bente waits on her (empty) chat list.
  await page.goto('/chats');
  await expect(page.getByTestId('chat-list')).toContainText('No conversations yet');
  await expect(page).not.toHaveTitle(/^\(\d+\) /);

  // Anouk opens the chat from Bente's profile: an empty conversation with icebreakers and the cost.
  await pageA.goto(`/members/${bente.id}/chat`);
  await expect(pageA.getByTestId('chat-partner')).toHaveText('Bente');
  await expect(pageA.getByTestId('chat-empty')).toContainText('Say hello to Bente');
  await expect(pageA.getByTestId('chat-send')).toContainText('10 credits');
  await expect(pageA.getByTestId('chat-counter')).toHaveText('0 / 1000');

  // Markup in a message stays text, everywhere it is shown.
  const text = 'Hi <b>Bente</b> <img src=x onerror=alert(1)>';
  await pageA.getByTestId('chat-input').fill(text);
  await expect(pageA.getByTestId('chat-counter')).toHaveText(`${text.length} / 1000`);
  await pageA.getByTestId('chat-input').press('Enter');
  const sent = pageA.getByTestId('chat-message');
  await expect(sent).toHaveCount(1);
  await expect(sent.first().locator('.chat-text')).toHaveText(text);
  await expect(pageA.getByTestId('chat-input')).toHaveValue('');

  // Bente sees it arrive without a reload: the list, its unread badge and the title.
  const item = page.getByTestId('chat-item');
  await expect(item).toHaveCount(1);
  await expect(item.getByTestId('chat-preview')).toHaveText(text);
  await expect(item).toContainText('Anouk');
  await expect(item.getByTestId('chat-unread')).toContainText('1');
  await expect(page).toHaveTitle(/^\(1\) /);
  await expect(page.locator('b, img[src="x"]').filter({ hasText: 'Bente' })).toHaveCount(0);

  // Opening the conversation reads it; a reply arrives live on Anouk's screen.
  await item.getByRole('link').click();
  await expect(page).toHaveURL(/\/chats\/\d+$/);
  await expect(page.getByTestId('chat-message').first().locator('.chat-text')).toHaveText(text);
  await expect(page).not.toHaveTitle(/^\(\d+\) /);
  await page.getByTestId('chat-input').fill('Hello Anouk!');
  await page.getByTestId('chat-send').click();
  await expect(pageA.getByTestId('chat-message')).toHaveCount(2);
  await expect(pageA.getByTestId('chat-message').last()).toContainText('Hello Anouk!');
  await contextA.close();
});

test('a member without credits is told so and offered credits', async ({ page, browser }) => {
  const bente = await signUpAndActivate(page.request, 'Bente');
  const { context: contextA, page: pageA } = await secondMember(browser, 'Anouk');
  // The 20 credits of the activation pay for two messages.
  await sendByApi(pageA.request, bente.id, 'First');
  await sendByApi(pageA.request, bente.id, 'Second');

  await pageA.goto(`/members/${bente.id}/chat`);
  await expect(pageA.getByTestId('chat-message')).toHaveCount(2);
  await pageA.getByTestId('chat-input').fill('A third one');
  await pageA.getByTestId('chat-send').click();
  const error = pageA.getByTestId('chat-send-error');
  await expect(error).toContainText('You do not have enough credits to send this message to Bente.');
  await expect(error.getByTestId('chat-buy-credits')).toHaveAttribute('href', '/credits');
  await expect(pageA.getByTestId('chat-message')).toHaveCount(2);
  await expect(pageA.getByTestId('chat-input')).toHaveValue('A third one');
  await contextA.close();
});

test('deleting a chat removes it from the list at once and for good', async ({ page, browser }) => {
  const bente = await signUpAndActivate(page.request, 'Bente');
  const contextA = await browser.newContext({ baseURL: E2E_BASE_URL });
  const anouk = await signUpAndActivate(contextA.request, 'Anouk');
  await sendByApi(contextA.request, bente.id, 'Hi there');
  await contextA.close();

  await page.goto('/chats');
  const item = page.getByTestId('chat-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(anouk.name);
  await item.getByTestId('chat-delete').click();
  await expect(item).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('chat-list')).toContainText('No conversations yet');
});

test('a photo sent in the chat arrives blurred with a lock for a free member', async ({ page, browser }) => {
  const bente = await signUpAndActivate(page.request, 'Bente');
  const { context: contextA, page: pageA, member: anouk } = await secondMember(browser, 'Anouk');

  await pageA.goto(`/members/${bente.id}/chat`);
  await expect(pageA.getByTestId('chat-empty')).toBeVisible();
  const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 90, g: 140, b: 200 } } })
    .jpeg()
    .toBuffer();
  await pageA
    .getByTestId('chat-photo-input')
    .setInputFiles({ name: 'view.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(pageA.getByTestId('chat-message').locator('.chat-photo img')).toBeVisible();
  await contextA.close();

  await page.goto('/chats');
  const item = page.getByTestId('chat-item').filter({ hasText: anouk.name });
  await expect(item.getByTestId('chat-preview')).toHaveText('Sent a photo');
  await item.getByRole('link').click();
  const locked = page.getByTestId('chat-photo-locked');
  await expect(locked).toHaveAttribute('href', '/premium');
  await expect(locked).toContainText('Get Premium to see this photo');
});

test('an icebreaker fills the message, and a gift from the panel arrives live and costs its credits', async ({
  page,
  browser,
}) => {
  const bente = await signUpAndActivate(page.request, 'Bente');
  const { context: contextA, page: pageA, member: anouk } = await secondMember(browser, 'Anouk');
  // 20 credits from the activation and 20 from support: one gift (30) leaves 10.
  grantCredits(anouk.email, 20);

  await page.goto('/chats');
  await expect(page.getByTestId('chat-list')).toContainText('No conversations yet');

  await pageA.goto(`/members/${bente.id}/chat`);
  const icebreaker = pageA.getByTestId('chat-icebreaker').first();
  const suggestion = (await icebreaker.textContent()) ?? '';
  expect(suggestion.length).toBeGreaterThan(0);
  await icebreaker.click();
  await expect(pageA.getByTestId('chat-input')).toHaveValue(suggestion);

  await pageA.getByTestId('chat-gifts-button').click();
  const rose = pageA.getByTestId('chat-gift').filter({ hasText: 'A rose' });
  await expect(rose).toContainText('30 credits');
  await rose.click();
  await expect(pageA.getByTestId('chat-gift-panel')).toHaveCount(0);
  await expect(pageA.getByTestId('chat-message')).toHaveCount(1);
  await expect(pageA.getByTestId('chat-message')).toContainText('Gift: A rose');
  const me = (await (await pageA.request.get('/api/user.php')).json()) as { user: { credits: number } };
  expect(me.user.credits).toBe(10);
  // The drafted icebreaker is still there to send next.
  await expect(pageA.getByTestId('chat-input')).toHaveValue(suggestion);
  await contextA.close();

  const item = page.getByTestId('chat-item').filter({ hasText: anouk.name });
  await expect(item.getByTestId('chat-preview')).toHaveText('Sent a gift: A rose');
  await item.getByRole('link').click();
  await expect(page.getByTestId('chat-message')).toContainText('Gift: A rose');
});
