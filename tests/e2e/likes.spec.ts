import { expect, request, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_BASE_URL } from './e2e-env.ts';
import { skipEntryWarning } from './entry-warning.ts';
import { CLIENT_HEADER, signUpAndActivate, type TestMember } from './session.ts';

// The adults-only entry warning has its own tests (visitor.spec.ts); here every visitor has passed it.
test.beforeEach(({ context }) => skipEntryWarning(context));

/** A member who only acts through the API, in a session of their own. */
async function apiMember(name: string): Promise<{ member: TestMember; client: APIRequestContext }> {
  const client = await request.newContext({ baseURL: E2E_BASE_URL });
  return { member: await signUpAndActivate(client, name), client };
}

async function like(client: APIRequestContext, profileId: number): Promise<{ match: boolean }> {
  const response = await client.post('/api/like.php', {
    headers: CLIENT_HEADER,
    data: { profile_id: profileId },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as { match: boolean };
}

function likesBadge(page: Page) {
  return page.getByTestId('nav-likes').locator('.badge');
}

test('a like arrives as new with the badge; liking back makes a match that leads to the match view', async ({
  page,
}) => {
  const { member: anouk, client } = await apiMember('Anouk');
  const bente = await signUpAndActivate(page.request, 'Bente');
  expect(await like(client, bente.id)).toEqual({ match: false });

  await page.goto('/likes/received');
  await expect(likesBadge(page)).toHaveText('1');
  await expect(page.getByTestId('likes-tab-received')).toHaveAttribute('aria-current', 'page');
  const item = page.getByTestId('like-item').filter({ hasText: 'Anouk' });
  await expect(item).toHaveCount(1);
  await expect(item.getByTestId('like-new')).toHaveText('New');
  await expect(item.getByRole('link', { name: /Anouk/ })).toHaveAttribute('href', `/members/${anouk.id}`);

  await item.getByTestId('like-back').click();
  const modal = page.getByTestId('match-modal');
  await expect(modal).toBeVisible();
  await expect(modal.getByTestId('match-modal-title')).toHaveText("It's a Match");
  await expect(modal).toContainText('You and Anouk like each other.');
  await expect(item.getByTestId('like-match')).toBeVisible();

  // The match view still tells the two apart and leads into the chat.
  await modal.getByTestId('match-modal-close').click();
  await expect(modal).toBeHidden();
  await page.goto(`/likes/m/${anouk.id}`);
  await expect(page.getByTestId('like-view-title')).toHaveText('You and Anouk like each other');
  await expect(page.getByTestId('like-view-chat')).toHaveAttribute('href', `/members/${anouk.id}/chat`);
  // Looking at Anouk (the modal and the match view load her profile) cleared her like's new flag: no badge.
  await expect(likesBadge(page)).toHaveCount(0);

  await page.goto('/likes/matches');
  await expect(page.getByTestId('likes-panel-matches').getByTestId('like-item')).toHaveCount(1);
  await page.goto('/likes/sent');
  await expect(page.getByTestId('likes-panel-sent').getByTestId('like-item').filter({ hasText: 'Anouk' })).toHaveCount(
    1,
  );
  await client.dispose();
});

test('?t=1 opens the like modal after about a second and leaves the address without t', async ({ page }) => {
  const { member: carla, client } = await apiMember('Carla');
  const dana = await signUpAndActivate(page.request, 'Dana');
  await like(client, dana.id);

  await page.goto('/likes/sent?t=1&keep=yes');
  // The island takes t out of the address as it starts the timer: the modal is not there yet.
  await page.waitForURL((url) => !url.searchParams.has('t'));
  const modal = page.getByTestId('match-modal');
  await expect(modal).toBeHidden();
  expect(new URL(page.url()).search).toBe('?keep=yes');

  await expect(modal).toBeVisible({ timeout: 5_000 });
  await expect(modal.getByTestId('match-modal-title')).toHaveText('New like!');
  await expect(modal).toContainText('Carla likes you.');

  // Pressing the image emits an event with the profile id; a listener that cancels it keeps the page.
  await page.evaluate(() => {
    window.addEventListener('datekit:match-image', (event) => {
      (window as unknown as { pressed: unknown }).pressed = (event as CustomEvent).detail;
      event.preventDefault();
    });
  });
  await modal.getByTestId('match-modal-image').click();
  await expect(modal).toBeHidden();
  expect(await page.evaluate(() => (window as unknown as { pressed: unknown }).pressed)).toEqual({
    profileId: carla.id,
  });
  expect(new URL(page.url()).pathname).toBe('/likes/sent');
  await client.dispose();
});

test('the swipe game allows 4 likes a day, then shows the limit and when likes return', async ({ page }) => {
  await signUpAndActivate(page.request, 'Eline');
  await page.goto('/swipe-game');
  const left = page.getByTestId('swipe-likes-left');
  await expect(left).toContainText('4 likes left today');

  // Passing costs nothing: the next card comes up, the count stays.
  const first = await page.getByTestId('swipe-card').getAttribute('data-profile-id');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('swipe-card')).not.toHaveAttribute('data-profile-id', first!);
  await expect(left).toContainText('4 likes left today');

  for (const [i, remaining] of ['3 likes', '2 likes', '1 like'].entries()) {
    const card = await page.getByTestId('swipe-card').getAttribute('data-profile-id');
    if (i === 0) await page.keyboard.press('ArrowRight');
    else await page.getByTestId('swipe-like').click();
    await expect(left).toContainText(`${remaining} left today`);
    await expect(page.getByTestId('swipe-card')).not.toHaveAttribute('data-profile-id', card!);
  }
  await page.getByTestId('swipe-like').click();

  const limit = page.getByTestId('swipe-limit');
  await expect(limit).toBeVisible();
  await expect(left).toContainText('0 likes left today');
  await expect(limit.getByTestId('swipe-limit-message')).toHaveText('You have used your 4 likes of today.');
  await expect(limit.getByTestId('swipe-limit-reset')).toHaveText(/^New likes (tomorrow )?at \d/);
  await expect(page.getByTestId('swipe-like')).toHaveCount(0);

  // The server counts: a fresh page knows the limit too, and refuses a fifth like with its own message.
  await page.reload();
  await expect(page.getByTestId('swipe-limit')).toBeVisible();
  const refused = await page.request.post('/api/swipe.php', {
    headers: CLIENT_HEADER,
    data: { profile_id: Number(first) },
  });
  expect(refused.status()).toBe(429);
  expect(((await refused.json()) as { message: string }).message).toBe(
    'You have used your 4 likes of today. New likes arrive at midnight.',
  );

  // The four likes are the member's sent likes.
  await page.goto('/likes/sent');
  await expect(page.getByTestId('likes-panel-sent').getByTestId('like-item')).toHaveCount(4);
});
