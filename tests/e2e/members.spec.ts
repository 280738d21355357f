import { expect, request, test, type APIRequestContext, type Page } from '@playwright/test';
import { skipEntryWarning } from './entry-warning.ts';
import { E2E_BASE_URL } from './e2e-env.ts';
import { CLIENT_HEADER, logIn, signUpAndActivate } from './session.ts';

// The adults-only entry warning has its own tests (visitor.spec.ts); here the visitor has passed it.
test.beforeEach(({ context }) => skipEntryWarning(context));

/** The ages the result cards show ("39 · Leuven" → 39). */
async function shownAges(page: Page): Promise<number[]> {
  const metas = await page.getByTestId('search-results').locator('.profile-tile-meta').allTextContents();
  return metas.map((meta) => Number.parseInt(meta, 10));
}

/** A second, activated member, logged in through its own API context. */
async function newMember(name: string): Promise<{ api: APIRequestContext; id: number }> {
  const api = await request.newContext({ baseURL: E2E_BASE_URL, extraHTTPHeaders: CLIENT_HEADER });
  const { id } = await signUpAndActivate(api, name, { dateOfBirth: '1988-04-12' });
  return { api, id };
}

test('a member searches, filters by age across a reload and the back button, likes and blocks a member', async ({
  page,
}) => {
  await logIn(page);
  await page.goto('/members');
  const results = page.getByTestId('search-results');
  await expect(results.getByTestId('profile-card').first()).toBeVisible();
  const all = (await (await page.request.get('/api/members.php')).json()) as { total: number };
  await expect(page.getByTestId('search-count')).toHaveText(`${all.total} members found`);

  // Filter by age: the URL holds the search, the count and the cards follow it.
  const expected = (await (await page.request.get('/api/members.php?min_age=40&max_age=99')).json()) as {
    total: number;
  };
  expect(expected.total).toBeLessThan(all.total);
  const filters = page.getByTestId('search-filters');
  await filters.getByLabel('From').selectOption('40');
  await filters.getByRole('button', { name: 'Show members' }).click();
  await expect(page).toHaveURL(/\/members\?gender=female&min_age=40&max_age=99$/);
  const countText = expected.total === 1 ? '1 member found' : `${expected.total} members found`;
  await expect(page.getByTestId('search-count')).toHaveText(countText);
  await expect(results.getByTestId('profile-card')).toHaveCount(Math.min(expected.total, 24));
  for (const age of await shownAges(page)) expect(age).toBeGreaterThanOrEqual(40);
  // Fictional members carry the brand's marker (the newest members, on the unfiltered first page, are
  // the real ones that other tests signed up, all under 40).
  await expect(results.getByTestId('fictional-marker').first()).toContainText('✦');

  await page.reload();
  await expect(page.getByTestId('search-count')).toHaveText(countText);
  await expect(page.getByTestId('search-filters').getByLabel('From')).toHaveValue('40');
  await expect(results.getByTestId('profile-card')).toHaveCount(Math.min(expected.total, 24));

  await page.goBack();
  await expect(page).toHaveURL(/\/members$/);
  await expect(page.getByTestId('search-count')).toHaveText(`${all.total} members found`);
  await expect(page.getByTestId('search-filters').getByLabel('From')).toHaveValue('18');
  await page.goForward();
  await expect(page.getByTestId('search-count')).toHaveText(countText);

  // Open a fictional member (other tests add real ones): the profile, marked, and a way back that keeps the filters.
  const card = results
    .getByTestId('profile-card')
    .filter({ has: page.getByTestId('fictional-marker') })
    .first();
  const name = (await card.locator('.profile-tile-name-text').textContent())!;
  const href = (await card.getAttribute('href'))!;
  await card.click();
  await expect(page).toHaveURL(href);
  const profile = page.getByTestId('member-profile');
  await expect(profile.getByRole('heading', { level: 1 })).toContainText(name);
  await expect(profile.getByTestId('fictional-marker')).toContainText('✦');
  await expect(profile.getByTestId('fictional-warning')).toHaveText(
    `✦ This is a fictional profile: ${name} is not a real person.`,
  );
  await expect(profile.getByRole('link', { name: 'Back to the search' })).toHaveAttribute(
    'href',
    '/members?gender=female&min_age=40&max_age=99',
  );
  await expect(profile.getByTestId('member-chat')).toHaveAttribute('href', `${href}/chat`);
  await expect(profile.getByTestId('report-open')).toHaveText('Report this profile');

  // Like: the button turns into "Liked", and the like is kept.
  await profile.getByTestId('member-like').click();
  await expect(profile.getByTestId('member-like')).toHaveText('Liked');
  await expect(profile.getByTestId('member-notice')).toHaveText(
    `You like ${name}. If ${name} likes you back, it's a match.`,
  );
  await page.reload();
  await expect(page.getByTestId('member-like')).toHaveText('Liked');

  // Block, after confirming: the profile says so, and the member is gone from the search.
  await page.getByTestId('member-block').click();
  const dialog = page.getByTestId('member-block-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading')).toHaveText(`Block ${name}?`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.getByTestId('member-block').click();
  await page.getByTestId('member-block-confirm').click();
  await expect(page.getByTestId('member-blocked')).toContainText(`You blocked ${name}`);
  await expect(page.getByTestId('member-like')).toHaveCount(0);

  await page.goto('/members?min_age=40&max_age=99');
  await expect(page.getByTestId('search-count')).toHaveText(
    expected.total - 1 === 1 ? '1 member found' : `${expected.total - 1} members found`,
  );
  await expect(page.locator(`a[href="${href}"]`)).toHaveCount(0);

  // Unblocking gives the member back (the deleted like does not come back).
  await page.goto(href);
  await page.getByTestId('member-unblock').click();
  await expect(page.getByTestId('member-like')).toHaveText('Like');
  await expect(page.getByTestId('member-notice')).toHaveText(`You unblocked ${name}.`);
});

test('a like back makes a match; a member who blocks you leaves only the spec’s message', async ({ page }) => {
  const other = await newMember('Roxanne');
  await logIn(page);
  const { user } = (await (await page.request.get('/api/user.php')).json()) as { user: { profile: { id: number } } };
  expect((await other.api.post('/api/like.php', { data: { profile_id: user.profile.id } })).ok()).toBe(true);

  await page.goto(`/members/${other.id}`);
  const profile = page.getByTestId('member-profile');
  await expect(profile.getByTestId('member-relation')).toHaveText('Roxanne likes you');
  await expect(profile.getByTestId('fictional-marker')).toHaveCount(0);
  await expect(profile.getByTestId('photo-gallery').getByRole('img')).toHaveAccessibleName('Roxanne has no photo yet');

  // The match modal is another island's: the page tells it through a window event.
  await page.evaluate(() => {
    window.addEventListener('datekit:match', (event) => {
      (window as unknown as { matched: unknown }).matched = (event as CustomEvent).detail;
    });
  });
  await profile.getByTestId('member-like').click();
  await expect(profile.getByTestId('member-notice')).toHaveText("It's a match! You and Roxanne like each other.");
  await expect(profile.getByTestId('member-relation')).toHaveText("It's a match: you like each other");
  expect(await page.evaluate(() => (window as unknown as { matched: unknown }).matched)).toEqual({
    profileId: other.id,
  });

  expect((await other.api.post('/api/block.php', { data: { profile_id: user.profile.id } })).ok()).toBe(true);
  await page.reload();
  await expect(page.getByTestId('member-blocked-by')).toHaveText(
    "You're blocked by Roxanne. You do not have access to this page.",
  );
  await expect(page.getByTestId('member-profile')).toHaveCount(0);
  await expect(page.getByTestId('member-like')).toHaveCount(0);
  await other.api.dispose();
});

test('an unknown member or a malformed id is a page that could not be found', async ({ page }) => {
  await logIn(page);
  for (const path of ['/members/999999', '/members/abc']) {
    await page.goto(path);
    await expect(page.getByTestId('not-found'), path).toContainText('This page could not be found');
    await expect(page.getByTestId('not-found').getByRole('link', { name: 'Back to the search' })).toHaveAttribute(
      'href',
      '/members',
    );
  }
});

test('locked photos show only the blurred copy, under a lock, with the way to premium', async ({ page }) => {
  await logIn(page);
  // Members of 40 and over: the fictional ones, not the newer real ones other tests sign up (all under 40).
  await page.goto('/members?min_age=40&max_age=99');
  // A fictional member: each has a photo (members that other tests sign up have none).
  const fictional = page
    .getByTestId('search-results')
    .getByTestId('profile-card')
    .filter({ has: page.getByTestId('fictional-marker') });
  const href = (await fictional.first().getAttribute('href'))!;
  const id = Number(href.split('/').at(-1));
  type Photo = { id: number; locked: false; filename: string; thumb_filename: string };
  const { photos } = (await (await page.request.get(`/api/member-photos.php?id=${id}`)).json()) as {
    photos: (Photo | { id: number; locked: true; blurred: string })[];
  };
  // The demo's members have 2 to 4 portraits: a free viewer gets the main one, the rest only blurred.
  expect(photos.length).toBeGreaterThanOrEqual(2);
  const [main, ...rest] = photos;
  expect(main!.locked).toBe(false);
  const lockedOnes = rest.map((photo) => (photo.locked ? photo : null));
  expect(lockedOnes.every((photo) => photo !== null && photo.blurred.startsWith('/media/'))).toBe(true);
  const total = photos.length;
  const requested: string[] = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));

  await page.goto(href);
  const gallery = page.getByTestId('photo-gallery');
  await expect(gallery.getByRole('img', { name: new RegExp(`photo 1 of ${total}`) })).toBeVisible();
  await expect(gallery.getByTestId('premium-photos-link')).toHaveAttribute('href', '/premium');
  await gallery.getByRole('button', { name: `Show locked photo 2 of ${total}` }).click();
  const locked = gallery.getByTestId('locked-photo');
  await expect(locked).toContainText('This photo is for premium members only.');
  await expect(locked.locator('img')).toHaveAttribute('src', lockedOnes[0]!.blurred);
  await expect(locked.getByRole('link', { name: 'Get premium to see all photos' })).toHaveAttribute('href', '/premium');
  await gallery.getByRole('button', { name: `Show locked photo 2 of ${total}` }).press('ArrowLeft');
  await expect(gallery.getByRole('img', { name: new RegExp(`photo 1 of ${total}`) })).toBeVisible();
  // Only the main photo's files and the blurred copies were asked for: never a locked photo in full.
  const allowed = new Set([
    (main as Photo).filename,
    (main as Photo).thumb_filename,
    ...lockedOnes.map((p) => p!.blurred),
  ]);
  expect(requested.filter((path) => path.startsWith('/media/') && !allowed.has(path))).toEqual([]);
});

test.describe('visitors', () => {
  test('search where the brand allows it, and are asked to log in for a profile', async ({ page }) => {
    await page.goto('/members');
    await expect(page.getByTestId('search-results').getByTestId('profile-card').first()).toBeVisible();
    const href = (await page.getByTestId('profile-card').first().getAttribute('href'))!;
    await page.goto(href);
    const invitation = page.getByTestId('member-login-required');
    await expect(invitation).toContainText('Log in to see this profile');
    await expect(invitation.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      `/login?redirect=${encodeURIComponent(href)}`,
    );
  });

  test('are invited to log in or sign up where search is for members only', async ({ page }) => {
    await page.route('**/api/members.php*', (route) =>
      route.fulfill({
        status: 403,
        json: { error: 'authentication_required', message: 'Please log in.', authentication_required: true },
      }),
    );
    await page.goto('/members?min_age=30');
    const invitation = page.getByTestId('search-login-required');
    await expect(invitation).toContainText('Log in to search members');
    await expect(page.getByTestId('search-filters')).toHaveCount(0);
    await expect(invitation.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      `/login?redirect=${encodeURIComponent('/members?min_age=30')}`,
    );
    const signup = invitation.getByRole('link', { name: 'Sign up for free' });
    await expect(signup).toHaveAttribute('data-signup-cta');
    // The modal's island loads on this first click (client:interaction) and opens itself.
    await signup.click();
    await expect(page.getByTestId('signup-modal')).toBeVisible();
    await expect(page).toHaveURL(/\/members\?min_age=30$/);
  });
});

test('on a phone the filters fold away behind a summary of the search', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page);
  await page.goto('/members?min_age=25&max_age=45');
  const toggle = page.getByRole('button', { name: /Filters/ });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toContainText('Women · 25–45 years · All countries');
  await expect(page.getByTestId('search-filters').getByLabel('From')).toBeHidden();
  await toggle.click();
  await expect(page.getByTestId('search-filters').getByLabel('From')).toBeVisible();
  await expect(page.getByTestId('search-filters').getByLabel('From')).toHaveValue('25');
  // The brand's countries by name in the page's language (named by the build, not the phone).
  await expect(page.getByTestId('search-filters').getByLabel('Country').locator('option')).toHaveText([
    'All countries',
    'Netherlands',
    'Belgium',
  ]);
  // Nothing is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
