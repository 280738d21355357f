import { expect, test, type Browser, type Page } from '@playwright/test';
import { E2E_BASE_URL } from './e2e-env.ts';
import { skipEntryWarning } from './entry-warning.ts';
import { CLIENT_HEADER, islandHydrated, liveStreamOpen, signUpAndActivate } from './session.ts';

/*
 * The "It's a Match" moment (MatchModal.tsx): both members meet it live, with both pictures and names,
 * and it leads into the chat; a match made while a member was away greets her on her next page, once;
 * a new member meets her first like (from a fictional member) with `?t=1` and likes back into a match.
 * SHOTS=<dir> writes screenshots of the moment on a phone and a desktop.
 */

test.beforeEach(({ context }) => skipEntryWarning(context));

const SHOTS = process.env.SHOTS;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };

/** Another member in a browser of their own (a second context), signed up, activated and logged in. */
async function secondMember(browser: Browser, name: string) {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL, viewport: DESKTOP });
  await skipEntryWarning(context);
  const page = await context.newPage();
  return { context, page, member: await signUpAndActivate(page.request, name) };
}

/** The modal told the server that the member saw the moment. */
function seenSaved(page: Page) {
  return page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/match-moment.php' && response.request().method() === 'POST',
  );
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  // The moment's entrance has ended: the pictures stand still.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

test.use({ viewport: PHONE });

test('A likes B, B likes A back: both meet the match live, with both pictures, and the button opens the chat', async ({
  page,
  browser,
}) => {
  const anna = await signUpAndActivate(page.request, 'Anna');
  const { context, page: benPage, member: ben } = await secondMember(browser, 'Ben');

  // Anna likes Ben from his profile: a like, no match yet.
  await page.goto(`/members/${ben.id}`);
  await liveStreamOpen(page);
  await islandHydrated(page, 'MemberProfile');
  await islandHydrated(page, 'MatchModal');
  await page.getByTestId('member-like').click();
  await expect(page.getByTestId('member-like')).toHaveText('Liked');
  const annaModal = page.getByTestId('match-modal');
  await expect(annaModal).not.toHaveAttribute('open');

  // Ben likes her back from her profile.
  await benPage.goto(`/members/${anna.id}`);
  await liveStreamOpen(benPage);
  await islandHydrated(benPage, 'MatchModal');
  await islandHydrated(benPage, 'MemberProfile');
  const benSeen = seenSaved(benPage);
  const annaSeen = seenSaved(page);
  await benPage.getByTestId('member-like').click();

  const benModal = benPage.getByTestId('match-modal');
  await expect(benModal.getByRole('heading', { name: "It's a Match" })).toBeVisible();
  await expect(benModal).toHaveAccessibleName("It's a Match");
  await expect(benModal).toContainText('You and Anna like each other.');
  await expect(benModal.getByTestId('match-modal-own')).toContainText('You');
  await expect(benModal.getByTestId('match-modal-name')).toHaveText('Anna');

  // Anna, who liked first, meets it at once, without reloading: her own picture and his.
  await expect(annaModal.getByRole('heading', { name: "It's a Match" })).toBeVisible();
  await expect(annaModal.getByTestId('match-modal-own')).toBeVisible();
  await expect(annaModal.getByTestId('match-modal-name')).toHaveText('Ben');
  const chat = annaModal.getByTestId('match-modal-button');
  await expect(chat).toHaveText('Send Ben a message');
  await expect(chat).toBeFocused();
  await Promise.all([benSeen, annaSeen]);
  await shoot(page, 'match-phone');
  await shoot(benPage, 'match-desktop');

  // Ben keeps browsing (Esc does the same); Anna goes into the chat with Ben.
  await benModal.getByTestId('match-modal-close').click();
  await expect(benModal).not.toHaveAttribute('open');
  await chat.click();
  await expect(page).toHaveURL(new RegExp(`/members/${ben.id}/chat$|/chats/\\d+$`));
  await expect(page.getByTestId('chat-partner')).toHaveText('Ben');

  // Seen is seen: neither meets this match again on a later page.
  // Waited for from before the page loads: the island may ask before it counts as hydrated.
  const benChecked = benPage.waitForResponse((r) => new URL(r.url()).pathname === '/api/match-moment.php');
  await benPage.goto('/likes');
  await islandHydrated(benPage, 'MatchModal');
  await benChecked;
  await expect(benModal).not.toHaveAttribute('open');
  await context.close();
});

test('a match made while she was away greets her on her next page, once; Esc closes it', async ({ page }) => {
  const carla = await signUpAndActivate(page.request, 'Carla');
  const other = await page.context().browser()!.newContext({ baseURL: E2E_BASE_URL });
  const dirk = await signUpAndActivate(other.request, 'Dirk');
  for (const [request, target] of [
    [page.request, dirk.id],
    [other.request, carla.id],
  ] as const) {
    const liked = await request.post('/api/like.php', { headers: CLIENT_HEADER, data: { profile_id: target } });
    expect(liked.ok(), await liked.text()).toBe(true);
  }

  const seen = seenSaved(page);
  await page.goto('/members');
  const modal = page.getByTestId('match-modal');
  await expect(modal.getByRole('heading', { name: "It's a Match" })).toBeVisible();
  await expect(modal.getByTestId('match-modal-name')).toHaveText('Dirk');
  await seen;
  await page.keyboard.press('Escape');
  await expect(modal).not.toHaveAttribute('open');

  const checked = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/match-moment.php');
  await page.reload();
  await islandHydrated(page, 'MatchModal');
  await checked;
  await expect(modal).not.toHaveAttribute('open');
  await other.close();
});

test('a new member meets her first like with ?t=1, from a fictional member, and liking back makes her first match', async ({
  page,
}) => {
  await signUpAndActivate(page.request, 'Emma');
  await page.goto('/members?t=1');
  const modal = page.getByTestId('match-modal');
  await expect(modal.getByRole('heading', { name: 'New like!' })).toBeVisible({ timeout: 15_000 });
  await expect(modal.getByTestId('fictional-marker')).toHaveCount(1);
  await expect(modal.getByTestId('match-modal-fictional-note')).toContainText('fictional');
  const name = (await modal.getByTestId('match-modal-name').innerText()).replace(/\s*✦.*$/s, '').trim();
  await shoot(page, 'new-like-phone');

  const likeBack = modal.getByTestId('match-modal-like-back');
  await expect(likeBack).toBeFocused();
  await likeBack.click();
  await expect(modal.getByRole('heading', { name: "It's a Match" })).toBeVisible();
  await expect(modal).toContainText(`You and ${name} like each other.`);
  await expect(modal.getByTestId('match-modal-button')).toBeFocused();
  await modal.getByTestId('match-modal-button').click();
  await expect(page.getByTestId('chat-partner')).toContainText(name);
});

test('the moment on a desktop, with reduced motion: no entrance animation', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL, viewport: DESKTOP, reducedMotion: 'reduce' });
  await skipEntryWarning(context);
  const page = await context.newPage();
  await signUpAndActivate(page.request, 'Fleur');
  await page.goto('/members?t=0');
  const modal = page.getByTestId('match-modal');
  await expect(modal.getByRole('heading', { name: 'New like!' })).toBeVisible({ timeout: 15_000 });
  await modal.getByTestId('match-modal-like-back').click();
  await expect(modal.getByRole('heading', { name: "It's a Match" })).toBeVisible();
  const animated = await modal.evaluate((dialog) =>
    [...dialog.querySelectorAll('.match-moment-person, .match-modal-title, .match-modal-heart')].some(
      (element) => getComputedStyle(element).animationName !== 'none',
    ),
  );
  expect(animated).toBe(false);
  await shoot(page, 'match-new-member-desktop');
  await context.close();
});
