import { expect, request, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { skipEntryWarning } from './entry-warning.ts';
import { E2E_BASE_URL } from './e2e-env.ts';
import { CLIENT_HEADER, islandHydrated, signUpAndActivate } from './session.ts';

// The adults-only entry warning has its own tests (visitor.spec.ts); here the visitor has passed it.
test.beforeEach(({ context }) => skipEntryWarning(context));

/** A real JPEG, made here: the server decodes every upload. */
const portrait = () =>
  sharp({ create: { width: 480, height: 600, channels: 3, background: { r: 60, g: 130, b: 190 } } })
    .jpeg({ quality: 80 })
    .toBuffer();

/** The image has arrived and decoded: the server let its owner have it. */
const loaded = (page: Page, testId: string) =>
  page.waitForFunction((id) => {
    const image = document.querySelector<HTMLImageElement>(`[data-testid="${id}"]`);
    return image !== null && image.complete && image.naturalWidth > 0;
  }, testId);

for (const [device, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`${device}: a new member sees their photo marked "awaiting check"; another member sees the placeholder`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const owner = await signUpAndActivate(page.request, 'Pending', { dateOfBirth: '1991-03-09' });
    await page.goto('/profile');
    await islandHydrated(page, 'MyProfile');
    await expect(page.getByTestId('my-profile')).toBeVisible();
    await expect(page.getByTestId('my-profile-photo')).toHaveCount(0);

    const uploaded = page.waitForResponse(
      (r) => r.url().endsWith('/api/photos.php') && r.request().method() === 'POST',
    );
    await page
      .getByTestId('photo-upload-input')
      .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await portrait() });
    const { photo } = (await (await uploaded).json()) as {
      photo: { filename: string; thumb_filename: string; status: string };
    };
    expect(photo.status).toBe('inspection');

    // Navigation: the thumbnail with the clock mark; the menu says why.
    const nav = page.getByTestId('nav-account');
    await expect(page.getByTestId('nav-photo')).toHaveAttribute('src', photo.thumb_filename);
    await loaded(page, 'nav-photo');
    await expect(page.getByTestId('nav-photo-pending')).toHaveAttribute('title', 'Your photo is awaiting check');
    await nav.click();
    await expect(page.getByTestId('nav-photo-pending-note')).toHaveText('Your photo is awaiting check');
    await nav.click();

    // My profile: the photo itself, marked, with who sees it.
    await expect(page.getByTestId('my-profile-photo')).toHaveAttribute('src', photo.thumb_filename);
    await loaded(page, 'my-profile-photo');
    await expect(page.getByTestId('my-profile-photo-pending')).toContainText('Awaiting check');
    await expect(page.getByTestId('my-profile-photo-pending')).toContainText(
      'Only you see this photo until our team has checked it.',
    );

    // After a reload, from the server alone.
    await page.reload();
    await expect(page.getByTestId('my-profile-photo-pending')).toContainText('Awaiting check');
    await expect(page.getByTestId('nav-photo-pending')).toBeVisible();

    // Her own profile page: herself as others see her, but with her photo, marked, and the way to edit.
    await page.goto(`/members/${owner.id}`);
    await islandHydrated(page, 'MemberProfile');
    await expect(page.getByTestId('gallery-photo')).toHaveAttribute('src', photo.filename);
    await loaded(page, 'gallery-photo');
    await expect(page.getByTestId('gallery-photo-pending')).toContainText('Awaiting check');
    await expect(page.getByTestId('member-own')).toContainText('This is your profile as other members see it.');
    await expect(page.getByTestId('member-own').getByRole('link', { name: 'Edit my profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
    await expect(page.getByTestId('member-like')).toHaveCount(0);

    // Another member: no photo in the answer, the file refused, the placeholder on the profile page.
    const other = await page.context().browser()!.newContext({ baseURL: E2E_BASE_URL, viewport });
    await skipEntryWarning(other);
    const otherPage = await other.newPage();
    await signUpAndActivate(otherPage.request, 'Viewer', { dateOfBirth: '1987-11-02' });
    const seen = (await (await otherPage.request.get(`/api/member.php?id=${owner.id}`)).json()) as {
      profile: { main_image: unknown };
    };
    expect(seen.profile.main_image).toBeNull();
    expect((await otherPage.request.get(photo.thumb_filename)).status()).toBe(404);
    await otherPage.goto(`/members/${owner.id}`);
    const gallery = otherPage.getByTestId('photo-gallery');
    await expect(gallery.getByRole('img', { name: new RegExp(owner.name) })).toBeVisible();
    await expect(otherPage.locator(`img[src="${photo.thumb_filename}"]`)).toHaveCount(0);
    await expect(otherPage.locator(`img[src="${photo.filename}"]`)).toHaveCount(0);
    await expect(otherPage.getByTestId('gallery-photo-pending')).toHaveCount(0);
    await expect(otherPage.getByTestId('member-own')).toHaveCount(0);
    await expect(otherPage.getByTestId('nav-photo-pending')).toHaveCount(0);
    await other.close();

    // A visitor gets nothing either.
    const visitor = await request.newContext({ baseURL: E2E_BASE_URL, extraHTTPHeaders: CLIENT_HEADER });
    expect((await visitor.get(photo.thumb_filename)).status()).toBe(404);
    await visitor.dispose();
  });
}
