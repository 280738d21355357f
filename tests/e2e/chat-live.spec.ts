import { expect, test, type Browser, type Page } from '@playwright/test';
import { contrastRatio } from '@datekit/runtime/rules/colour';
import { E2E_BASE_URL } from './e2e-env.ts';
import { skipEntryWarning } from './entry-warning.ts';
import { CLIENT_HEADER, signUpAndActivate, type TestMember } from './session.ts';

/** Screenshots of the chat list and the thread, for a person to look at (not compared). */
const SHOTS = process.env.CHAT_SHOTS_DIR ?? '/work/shots/chat';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };

test.beforeEach(({ context }) => skipEntryWarning(context));

/** A member in a browser of their own (a second context), signed up, activated and logged in. */
async function memberIn(browser: Browser, name: string, viewport = DESKTOP) {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL, viewport });
  await skipEntryWarning(context);
  const page = await context.newPage();
  return { context, page, member: await signUpAndActivate(page.request, name) };
}

async function send(page: Page, to: TestMember, text: string): Promise<number> {
  const response = await page.request.post('/api/message.php', {
    headers: CLIENT_HEADER,
    data: { profile_id: to.id, text },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { message: { conversation_id: number } }).message.conversation_id;
}

test('typing, "Seen", unread styling, "You:" and presence reach the other member live', async ({ browser }) => {
  const b = await memberIn(browser, 'Bente', PHONE);
  const a = await memberIn(browser, 'Anouk', DESKTOP);

  // Bente waits on her chat list (her tab is open: she is online); Anouk writes to her.
  await b.page.goto('/chats');
  await expect(b.page.getByTestId('chat-list')).toContainText('No conversations yet');
  const id = await send(a.page, b.member, 'Hi Bente, coffee?');

  // Bente's list: bold, a dot and the count; no "You:" for a message she received.
  const row = b.page.getByTestId('chat-item');
  await expect(row).toHaveAttribute('data-unread', 'true');
  await expect(row.getByTestId('chat-unread')).toContainText('1');
  await expect(row.getByTestId('chat-preview')).toHaveText('Hi Bente, coffee?');
  const weight = await row.locator('.chat-row-name').evaluate((el) => Number(getComputedStyle(el).fontWeight));
  expect(weight).toBeGreaterThanOrEqual(700);
  await b.page.screenshot({ path: `${SHOTS}/chat-list-unread-phone.png` });

  // Anouk opens the conversation on a desktop: the list beside the thread, her own message as "You: …",
  // Bente online now, and nothing seen yet.
  await a.page.goto(`/chats/${id}`);
  await expect(a.page.getByTestId('chat-message')).toHaveCount(1);
  const side = a.page.getByTestId('chat-side');
  await expect(side).toBeVisible();
  await expect(side.getByTestId('chat-preview')).toHaveText('You: Hi Bente, coffee?');
  await expect(side.getByTestId('chat-item')).toHaveClass(/is-open/);
  await expect(a.page.getByTestId('chat-conversation').getByTestId('chat-presence')).toHaveText('Online now');
  await expect(a.page.getByTestId('chat-seen')).toHaveCount(0);
  const sideBox = (await side.boundingBox())!;
  const threadBox = (await a.page.getByTestId('chat-conversation').boundingBox())!;
  expect(sideBox.x + sideBox.width).toBeLessThanOrEqual(threadBox.x + 1);

  // Bente opens it: Anouk sees "Seen" under her message, live.
  await row.getByRole('link').click();
  await expect(b.page.getByTestId('chat-message')).toHaveCount(1);
  await expect(a.page.getByTestId('chat-seen')).toHaveText('Seen');
  await expect(a.page.getByTestId('chat-message').last().getByTestId('chat-seen')).toBeVisible();

  // Bente types: Anouk sees it, in the thread and in her list; her message ends it.
  await b.page.getByTestId('chat-input').pressSequentially('Yes, ', { delay: 20 });
  await expect(a.page.getByTestId('chat-typing')).toHaveText('Bente is typing…');
  await expect(side.getByTestId('chat-preview-typing')).toBeVisible();
  await a.page.screenshot({ path: `${SHOTS}/chat-thread-typing-desktop.png` });
  await b.page.getByTestId('chat-input').pressSequentially('gladly!');
  await b.page.getByTestId('chat-input').press('Enter');
  await expect(a.page.getByTestId('chat-message')).toHaveCount(2);
  await expect(a.page.getByTestId('chat-typing')).toHaveCount(0);
  // Anouk had it on screen: Bente's reply is seen at once.
  await expect(b.page.getByTestId('chat-seen')).toHaveText('Seen');
  await b.page.screenshot({ path: `${SHOTS}/chat-thread-phone.png` });
  await a.page.screenshot({ path: `${SHOTS}/chat-thread-desktop.png` });

  // The time in one's own bubble is readable on the brand colour (WCAG AA, 4.5:1).
  const [fg, bg] = await a.page
    .locator('.is-mine .chat-time')
    .first()
    .evaluate((time) => {
      const hex = (rgb: string) =>
        '#' +
        (rgb.match(/\d+/g) ?? [])
          .slice(0, 3)
          .map((n) => Number(n).toString(16).padStart(2, '0'))
          .join('');
      return [hex(getComputedStyle(time).color), hex(getComputedStyle(time.closest('.chat-bubble')!).backgroundColor)];
    });
  expect(contrastRatio(fg!, bg!)).toBeGreaterThanOrEqual(4.5);

  // On the phone the thread has the screen to itself: no list beside it.
  await expect(b.page.getByTestId('chat-side')).toBeHidden();

  // Lists on both screens after the exchange.
  await a.page.goto('/chats');
  await expect(a.page.getByTestId('chat-item')).toHaveCount(1);
  await a.page.screenshot({ path: `${SHOTS}/chat-list-desktop.png` });
  await b.page.goto('/chats');
  await expect(b.page.getByTestId('chat-preview')).toHaveText('You: Yes, gladly!');
  await b.page.screenshot({ path: `${SHOTS}/chat-list-phone.png` });

  // Bente hides her presence in her settings: Anouk no longer sees it.
  await b.page.goto('/settings');
  const presence = b.page.getByTestId('presence-switch');
  await expect(presence).toBeChecked();
  await presence.click();
  await expect(presence).not.toBeChecked();
  await expect(b.page.getByTestId('profile-visibility')).toContainText('Nobody sees when you');
  await b.page.getByTestId('profile-visibility').screenshot({ path: `${SHOTS}/settings-presence-phone.png` });
  await a.page.goto(`/chats/${id}`);
  await expect(a.page.getByTestId('chat-message')).toHaveCount(2);
  await expect(a.page.getByTestId('chat-conversation').getByTestId('chat-presence')).toHaveCount(0);
  await a.page.goto('/settings');
  await expect(a.page.getByTestId('presence-switch')).toBeChecked();
  await a.page.getByTestId('profile-visibility').screenshot({ path: `${SHOTS}/settings-presence-desktop.png` });

  await a.context.close();
  await b.context.close();
});

for (const [label, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test(`the gift panel is fully visible on a ${label}, closes on Escape, outside and after sending`, async ({
    browser,
  }) => {
    const b = await memberIn(browser, 'Bente', viewport);
    const a = await memberIn(browser, 'Anouk', viewport);
    // The activation's 20 credits pay for one message (10), not for a gift (30).
    const id = await send(a.page, b.member, 'Hello');
    await a.page.goto(`/chats/${id}`);
    await expect(a.page.getByTestId('chat-message')).toHaveCount(1);

    const button = a.page.getByTestId('chat-gifts-button');
    const panel = a.page.getByTestId('chat-gift-panel');
    await button.click();
    await expect(a.page.getByTestId('chat-gift').first()).toBeVisible();
    // Every gift can be reached inside the window: the panel fits and scrolls inside if it must.
    const box = (await panel.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    const last = a.page.getByTestId('chat-gift').last();
    await last.scrollIntoViewIfNeeded();
    const lastBox = (await last.boundingBox())!;
    expect(lastBox.y).toBeGreaterThanOrEqual(box.y);
    expect(lastBox.y + lastBox.height).toBeLessThanOrEqual(box.y + box.height + 1);
    await a.page.screenshot({ path: `${SHOTS}/chat-gifts-${label}.png` });

    await a.page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await expect(button).toBeFocused();

    await button.click();
    await expect(panel).toBeVisible();
    await a.page.getByTestId('chat-messages').click({ position: { x: 10, y: 10 } });
    await expect(panel).toHaveCount(0);

    // A gift she cannot pay: the panel makes way for the refusal, which speaks of a gift.
    await button.click();
    await a.page.getByTestId('chat-gift').filter({ hasText: 'A rose' }).click();
    await expect(panel).toHaveCount(0);
    await expect(a.page.getByTestId('chat-send-error')).toContainText(
      'You do not have enough credits to send this gift to Bente.',
    );
    await a.context.close();
    await b.context.close();
  });
}
