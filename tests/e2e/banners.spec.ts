import { expect, test, type Page } from '@playwright/test';
import { E2E_BASE_URL } from './e2e-env.ts';
import { skipEntryWarning } from './entry-warning.ts';
import { activationLinkIn, waitForMail } from './outbox.ts';
import { backdateSignup, CLIENT_HEADER, PASSWORD, signUpAndActivate } from './session.ts';
import { VIEWPORTS } from './viewports.ts';

// The banners docked at the bottom edge (DefaultLayout.astro): one at a time, by priority, one line.
test.beforeEach(({ context }) => skipEntryWarning(context));

/**
 * The banners the dock shows, once each of its islands has hydrated (also while the dock steps aside
 * from a primary action: the banner is chosen, and comes back when the member scrolls).
 */
async function shownBanners(page: Page): Promise<string[]> {
  await expect(page.locator('body')).toHaveClass(/logged-in/);
  await expect(page.locator('.layout-banners > astro-island[ssr]')).toHaveCount(0);
  return page
    .locator('.layout-banners .dock-banner')
    .evaluateAll((banners) => banners.filter((banner) => banner.checkVisibility()).map((b) => b.dataset.testid!));
}

test('one banner at a time, by priority: confirm your e-mail, the time bonus, the profile, notifications, the welcome discount', async ({
  page,
}) => {
  // Signed up, not yet confirmed: the e-mail comes first, though the time bonus and the profile wait too.
  const email = `priority-${Date.now()}@example.com`;
  const signup = await page.request.post('/api/signup.php', {
    headers: CLIENT_HEADER,
    data: {
      email,
      name: 'Priority',
      password: PASSWORD,
      date_of_birth: '1991-02-03',
      gender: 'female',
      accept_terms: true,
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  await page.goto('/likes');
  await expect.poll(() => shownBanners(page)).toEqual(['activation-reminder']);

  // Confirmed: the time bonus, which ends.
  await page.goto(activationLinkIn(await waitForMail(email)));
  await page.goto('/likes');
  await expect.poll(() => shownBanners(page)).toEqual(['time-bonus-banner']);

  // Four hours later: the profile; hidden for its pause, the welcome discount, which waits (no like yet:
  // notifications are asked for only after the member's first like or message).
  backdateSignup(email, 5);
  await page.reload();
  await expect.poll(() => shownBanners(page)).toEqual(['alert-enrich-profile']);
  await page.getByTestId('alert-enrich-profile').getByRole('button', { name: 'Hide' }).click();
  await expect.poll(() => shownBanners(page)).toEqual(['welcome-banner']);
});

test('notifications are asked for after the member’s first like, not before', async ({ page, playwright }) => {
  const member = await signUpAndActivate(page.request, 'Liker');
  const other = await signUpAndActivate(await playwright.request.newContext({ baseURL: E2E_BASE_URL }), 'Liked');
  backdateSignup(member.email, 5);
  await page.addInitScript(() => localStorage.setItem('hide-enrich-alert', String(Math.floor(Date.now() / 1000))));
  await page.goto('/likes');
  await expect.poll(() => shownBanners(page)).toEqual(['welcome-banner']);

  const like = await page.request.post('/api/like.php', { headers: CLIENT_HEADER, data: { profile_id: other.id } });
  expect(like.status(), await like.text()).toBe(200);
  await page.reload();
  await expect.poll(() => shownBanners(page)).toEqual(['alert-push-notification']);
});

test('a banner is one line; a message that does not fit unfolds with its toggle', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const member = await signUpAndActivate(page.request, 'Oneline');
  backdateSignup(member.email, 5);
  await page.goto('/likes');
  await expect.poll(() => shownBanners(page)).toEqual(['alert-enrich-profile']);
  const banner = page.getByTestId('alert-enrich-profile');
  const folded = (await banner.boundingBox())!;
  expect(folded.height).toBeLessThan(64);
  const toggle = banner.getByRole('button', { name: 'Show the whole message' });
  await expect(toggle).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await page.screenshot({ path: '/work/shots/banners/phone-folded.png' });

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(banner.locator('.dock-banner-text')).toHaveCSS('white-space', 'normal');
  expect((await banner.boundingBox())!.height).toBeGreaterThan(folded.height);
  await page.screenshot({ path: '/work/shots/banners/phone-unfolded.png' });
  // The page keeps the room of the unfolded banner free below its end.
  const padding = await page.evaluate(() => parseFloat(document.body.style.paddingBottom));
  expect(padding).toBeCloseTo((await page.getByTestId('warning-banners').boundingBox())!.height, 0);
});

for (const [screen, viewport] of VIEWPORTS) {
  test(`on a ${screen}, the banner never covers a page’s primary action`, async ({ page, playwright }) => {
    await page.setViewportSize(viewport);
    const member = await signUpAndActivate(page.request, 'Covered');
    const other = await signUpAndActivate(await playwright.request.newContext({ baseURL: E2E_BASE_URL }), 'Shown');
    const pages: [string, string, string[]][] = [
      [`/members/${other.id}`, 'time-bonus-banner', ['member-like', 'member-chat']],
      ['/members', 'time-bonus-banner', ['search-filters']],
      ['/match-finder', 'alert-enrich-profile', ['finder-next']],
      ['/credits', 'alert-enrich-profile', ['buy-starter']],
    ];
    // The time bonus on the first two; over (four hours later) on the others, which it does not show on.
    for (const [url, banner, actions] of pages) {
      if (url === '/match-finder') backdateSignup(member.email, 5);
      await page.goto(url);
      await expect.poll(() => shownBanners(page)).toEqual([banner]);
      const dockTop = (await page.getByTestId('warning-banners').boundingBox())!.y;
      for (const action of actions) {
        const box = (await page.getByTestId(action).first().boundingBox())!;
        // Above the banner, or below the screen's edge (then scrolling brings it above the banner), or
        // the banner stepped aside below the edge.
        const clear = box.y + box.height <= dockTop + 0.5 || box.y >= viewport.height || dockTop >= viewport.height;
        expect(clear, `${url}: ${action} at ${box.y}–${box.y + box.height}, banner from ${dockTop}`).toBe(true);
      }
      await page.screenshot({ path: `/work/shots/banners/${screen}${url.replaceAll('/', '-')}.png` });
      // Stepped aside from an action, the banner comes back once the member scrolled the action above it.
      await page
        .getByTestId(actions[0]!)
        .first()
        .evaluate((action) => action.scrollIntoView({ block: 'start' }));
      await expect(page.getByTestId(banner)).toBeInViewport();
    }
  });
}
