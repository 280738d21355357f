import { expect, request, test, type Page } from '@playwright/test';
import { E2E_BASE_URL } from './e2e-env.ts';
import { addOperator, CONSOLE, memberWithPhoto, signInToConsole } from './operator-console.ts';
import { islandHydrated, signUpAndActivate } from './session.ts';

/** The grid's tile of a photo, paging on ("Show more") until it is there: other tests leave photos too. */
async function tileOf(page: Page, id: number) {
  const tile = page.locator(`[data-testid="op-photo"][data-photo-id="${id}"]`);
  const more = page.getByRole('button', { name: /Show more/ });
  await expect(page.getByTestId('op-photos-total')).toBeVisible();
  while ((await tile.count()) === 0 && (await more.count()) > 0) {
    const before = await page.getByTestId('op-photo').count();
    await more.click();
    await expect(page.getByTestId('op-photo')).not.toHaveCount(before);
  }
  await expect(tile).toBeVisible();
  return tile;
}

test('the start page shows what waits per brand and leads to the queue', async ({ page }) => {
  const email = `wd-moderator-${Date.now()}@ops.test`;
  const secret = addOperator(email, 'moderator');
  await memberWithPhoto('Waitingphoto', { r: 180, g: 120, b: 90 });
  await signInToConsole(page, email, secret);
  await islandHydrated(page, 'OperatorHome');
  const brand = page.getByTestId('op-waiting-localhost');
  const photos = brand.getByTestId('op-queue-photos');
  await expect(photos).toHaveAttribute('href', '/photos?brand=localhost');
  expect(Number(await photos.getAttribute('data-count'))).toBeGreaterThanOrEqual(1);
  await expect(brand.getByTestId('op-queue-reports')).toBeVisible();
  // A moderator handles no payments: the start page does not offer them.
  await expect(brand.getByTestId('op-queue-failed_payments')).toHaveCount(0);
  await expect(page.getByText('Choose a task above')).toHaveCount(0);
  await Promise.all([page.waitForURL(`${CONSOLE}/photos?brand=localhost`), photos.click()]);
  await islandHydrated(page, 'OperatorPhotos');
  await expect(page.locator('select[name="brand"]')).toHaveValue('localhost');
});

test('a moderator approves several photos in one go and decides the focused one by keyboard', async ({ page }) => {
  const email = `wd-grid-${Date.now()}@ops.test`;
  const secret = addOperator(email, 'moderator');
  const first = await memberWithPhoto('Gridfirst', { r: 200, g: 90, b: 60 });
  const second = await memberWithPhoto('Gridsecond', { r: 60, g: 90, b: 200 });
  const third = await memberWithPhoto('Gridthird', { r: 60, g: 160, b: 90 });
  await signInToConsole(page, email, secret);
  await page.goto(`${CONSOLE}/photos`);
  await islandHydrated(page, 'OperatorPhotos');

  const a = await tileOf(page, first);
  const b = await tileOf(page, second);
  // Beside each photo: the member's name and age, earlier rejections and reports.
  await expect(a).toContainText('Gridfirst');
  await expect(a.getByTestId('op-photo-rejections')).toHaveText('Earlier rejections: 0');
  await expect(a.getByTestId('op-photo-reports')).toHaveText('No reports');

  await a.getByTestId('op-photo-select').check();
  await b.getByTestId('op-photo-select').check();
  const approve = page.getByTestId('op-bulk-approve');
  await expect(approve).toHaveText('Approve selected (2)');
  const decided = page.waitForResponse((r) => r.url().endsWith('/api/operator/photos/decide'));
  await approve.click();
  expect((await decided).status()).toBe(200);
  await expect(page.getByTestId('op-photo-status')).toHaveText('Photos approved: 2.');
  await expect(a).toHaveCount(0);
  await expect(b).toHaveCount(0);

  // The keyboard acts on the focused photo, whose buttons show the hints, readable (not white on white).
  const c = await tileOf(page, third);
  await c.focus();
  await expect(c).toHaveAttribute('data-focused', 'true');
  const hint = c.getByRole('button', { name: /Reject/ }).locator('kbd');
  await expect(hint).toHaveText('R');
  const [colour, background] = await hint.evaluate((kbd) => {
    const style = getComputedStyle(kbd);
    return [style.color, getComputedStyle(kbd.parentElement!).backgroundColor];
  });
  expect(colour).toBe('rgb(255, 255, 255)');
  expect(background).not.toBe('rgb(255, 255, 255)');
  await page.keyboard.press('2'); // the second reason: nudity
  await expect(page.locator('select[name="reason"]')).toHaveValue('nudity');
  await page.keyboard.press('r');
  await expect(page.getByTestId('op-photo-status')).toHaveText(`Photo ${third} rejected.`);
  await expect(c).toHaveCount(0);
});

test('the members page lists the latest signups before any search, and the flagged ones', async ({ page }) => {
  const newest = await request.newContext({ baseURL: E2E_BASE_URL });
  const member = await signUpAndActivate(newest, 'Newestmember');
  await newest.dispose();
  const email = `wd-support-${Date.now()}@ops.test`;
  const secret = addOperator(email, 'support');
  await signInToConsole(page, email, secret);
  await page.goto(`${CONSOLE}/members`);
  await islandHydrated(page, 'OperatorMembers');
  await expect(page.getByTestId('op-members-heading')).toHaveText('The 50 newest members');
  const results = page.getByTestId('op-member-results');
  await expect(results.locator('thead th').first()).toHaveText('ID');
  await expect(results.locator(`a[href="/member?id=${member.id}"]`).first()).toBeVisible();

  await page.getByTestId('op-members-flagged').click();
  await expect(page.getByTestId('op-members-heading')).toHaveText('Members with open reports, bans or suspensions');
  await expect(page.getByTestId('op-members-flagged')).toHaveAttribute('aria-pressed', 'true');
  await expect(results.or(page.getByTestId('op-members-empty'))).toBeVisible();
  await expect(page.locator(`a[href="/member?id=${member.id}"]`)).toHaveCount(0);
});
