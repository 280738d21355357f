import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { skipEntryWarning } from './entry-warning.ts';
import { backdateSignup, CLIENT_HEADER, signUpAndActivate } from './session.ts';

// The member's dismissible alerts (spec §4) in the banners docked at the bottom edge.
test.beforeEach(({ context }) => skipEntryWarning(context));

test('the enrich-profile alert shows while the profile lacks something, stays away once dismissed, and ends with a complete profile', async ({
  page,
}) => {
  const member = await signUpAndActivate(page.request, 'Enrich');
  // After the time bonus: while it runs, its banner comes first (one at a time, banners.spec.ts).
  backdateSignup(member.email, 5);
  await page.goto('/likes');
  const alert = page.getByTestId('alert-enrich-profile');
  await expect(alert).toBeVisible();
  await expect(alert.getByRole('link')).toHaveAttribute('href', '/complete-signup');
  // Quiet where the page itself is about the profile.
  await page.goto('/profile');
  await expect(page.locator('body')).toHaveClass(/logged-in/);
  await expect(alert).toBeHidden();

  await page.goto('/chats');
  await alert.getByRole('button', { name: 'Hide' }).click();
  await expect(alert).toBeHidden();
  const stored = await page.evaluate(() => localStorage.getItem('hide-enrich-alert'));
  expect(Number(stored)).toBeGreaterThan(Date.now() / 1000 - 60);
  await page.goto('/likes');
  await expect(page.locator('body')).toHaveClass(/logged-in/);
  await expect(alert).toBeHidden();

  // Its pause over, it shows again until the profile has a photo, a few words and a city.
  await page.evaluate(() =>
    localStorage.setItem('hide-enrich-alert', String(Math.floor(Date.now() / 1000) - 15 * 86_400)),
  );
  await page.reload();
  await expect(alert).toBeVisible();
  const profile = await page.request.put('/api/profile.php', {
    headers: CLIENT_HEADER,
    data: { about: 'Long walks.', city: 'Gent' },
  });
  expect(profile.status()).toBe(200);
  const image = await sharp({ create: { width: 400, height: 500, channels: 3, background: { r: 90, g: 120, b: 200 } } })
    .jpeg()
    .toBuffer();
  const photo = await page.request.post('/api/photos.php', {
    headers: { ...CLIENT_HEADER, 'content-type': 'image/jpeg' },
    data: image,
  });
  expect(photo.status(), await photo.text()).toBe(201);
  await page.reload();
  await expect(page.locator('body')).toHaveClass(/logged-in/);
  await expect(alert).toBeHidden();
});

test('a visitor’s page has the alerts hidden and loads no framework code for the banners', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/pages/faq');
  await expect(page.locator('body')).toHaveClass(/logged-out/);
  await expect(page.getByTestId('alert-enrich-profile')).toBeHidden();
  await expect(page.getByTestId('alert-disabled-notifications')).toBeHidden();
  expect(scripts.filter((script) => /PushAlert|client\./.test(script))).toEqual([]);
});
