import { expect, test, type Page } from '@playwright/test';
import { NEARBY_KM } from '@datekit/runtime/rules/search';
import { skipEntryWarning } from './entry-warning.ts';
import { CLIENT_HEADER, islandHydrated, signUpAndActivate } from './session.ts';
import { VIEWPORTS } from './viewports.ts';

test.beforeEach(({ context }) => skipEntryWarning(context));

/** Kilometres a card shows ("Nearby" is under 5). */
async function shownDistances(page: Page): Promise<number[]> {
  const texts = await page.getByTestId('search-results').getByTestId('profile-distance').allTextContents();
  return texts.map((text) => (/\d/.test(text) ? Number(text.replace(/\D/g, '')) : 0));
}

async function memberIn(page: Page, city: string | null): Promise<void> {
  await signUpAndActivate(page.request, 'Searcher', { gender: 'male' });
  if (city) {
    const res = await page.request.put('/api/profile.php', { headers: CLIENT_HEADER, data: { city } });
    expect(res.status()).toBe(200);
  }
}

for (const [screen, viewport] of VIEWPORTS) {
  test(`a member puts the nearest first and sees how far each lives (${screen})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await memberIn(page, 'Amsterdam');
    await page.goto('/members?gender=any&min_age=18&max_age=99');
    await islandHydrated(page, 'MemberSearch');
    const sort = page.getByTestId('search-sort');
    await expect(sort).toHaveValue('newest');
    const answered = page.waitForResponse(
      (res) => res.url().includes('/api/members.php') && res.url().includes('sort=nearest'),
    );
    await sort.selectOption('nearest');
    await expect(page).toHaveURL(/sort=nearest/);
    const answer = (await (await answered).json()) as { profiles: { distance_km: number | null }[] };
    const distances = answer.profiles.map((p) => p.distance_km ?? Infinity);
    expect(distances.length).toBeGreaterThan(3);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    // The previous answer stays, dimmed, until the new one is in; then the cards show the new order.
    await expect(page.locator('.search-results')).toHaveAttribute('aria-busy', 'false');
    const shown = distances.filter((km) => km !== Infinity).map((km) => (km < NEARBY_KM ? 0 : km));
    await expect.poll(() => shownDistances(page)).toEqual(shown);

    // The order survives a reload (it is in the URL) and a new search with the filters.
    await page.reload();
    await expect(page.getByTestId('search-sort')).toHaveValue('nearest');
  });
}

test('a member without a known town is shown the way to add one', async ({ page }) => {
  await memberIn(page, null);
  await page.goto('/members?sort=nearest');
  const hint = page.getByTestId('search-needs-town');
  await expect(hint).toHaveAttribute('href', '/profile');
  await expect(page.getByTestId('search-sort')).toHaveCount(0);
});

test('a card pages through the photos: the others blurred under a lock for a free member', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await memberIn(page, 'Utrecht');
  await page.goto('/members?gender=any&min_age=18&max_age=99');
  await islandHydrated(page, 'MemberSearch');
  // The fictional members have 2–4 portraits each.
  const frame = page.locator('.profile-card-frame', { has: page.locator('.card-photo-strip') }).first();
  await expect(frame).toBeVisible();
  const dots = frame.locator('.card-photo-dots > span');
  await expect(dots.first()).toHaveClass('is-current');
  await frame.hover();
  await frame.getByRole('button', { name: 'Next photo' }).click();
  await expect(dots.nth(1)).toHaveClass('is-current');
  const second = frame.locator('.card-photo-slide').nth(1);
  await expect(second.locator('.card-photo-lock')).toHaveText('Premium only');
  await expect(second.locator('img')).toHaveAttribute('src', /^\/media\//);
  // The way back, and no step before the first photo.
  await frame.getByRole('button', { name: 'Previous photo' }).click();
  await expect(dots.first()).toHaveClass('is-current');
  await expect(frame.locator('.card-photo-step').first()).toBeDisabled();
  await expect(frame.locator('.card-photo-step').first()).toBeHidden();
});

test('on a phone the photos are swiped, and a tap on one opens the profile', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await memberIn(page, 'Utrecht');
  await page.goto('/members?gender=any&min_age=18&max_age=99');
  await islandHydrated(page, 'MemberSearch');
  const frame = page.locator('.profile-card-frame', { has: page.locator('.card-photo-strip') }).first();
  const strip = frame.locator('.card-photo-strip');
  await strip.evaluate((el) => el.scrollTo({ left: el.clientWidth, behavior: 'instant' }));
  await expect(frame.locator('.card-photo-dots > span').nth(1)).toHaveClass('is-current');
  const href = await frame.getByTestId('profile-card').getAttribute('href');
  await frame.locator('.card-photo-slide').nth(1).click();
  await expect(page).toHaveURL(href!);
});
