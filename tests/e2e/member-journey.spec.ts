import { expect, test, type Page } from '@playwright/test';
import { skipEntryWarning } from './entry-warning.ts';
import { activationLinkIn, waitForMail } from './outbox.ts';
import { logIn, PASSWORD } from './session.ts';
import { skipLocationStep, skipToAccountStep } from './signup-flow.ts';
import { chooseBirthDate } from './birth-date.ts';

// The adults-only entry warning has its own tests (visitor.spec.ts); here the visitor has passed it.
test.beforeEach(({ context }) => skipEntryWarning(context));

async function logOut(page: Page) {
  await page.getByTestId('nav-account').click();
  // Logging out ends on the home page; wait for that navigation so the next one does not race it.
  await Promise.all([page.waitForURL((url) => url.pathname === '/'), page.getByTestId('nav-logout').click()]);
  await expect(page.getByTestId('nav-login')).toBeVisible();
}

test('a visitor signs up, activates from the mail, logs out and in, and is blocked after repeated wrong passwords', async ({
  page,
}) => {
  const email = `visitor-${Date.now()}@example.com`;

  await page.goto('/');
  await expect(page.getByTestId('nav-login')).toBeVisible();

  await page.goto('/signup?network=e2e&sub1=journey');
  await skipToAccountStep(page);
  const form = page.getByTestId('signup-form');
  await form.locator('input[name="name"]').fill('Journey');
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill(PASSWORD);
  await chooseBirthDate(form, '1991-07-21');
  await form.locator('input[name="gender"][value="female"]').check();
  await form.locator('input[name="accept_terms"]').check();
  await form.locator('button[type="submit"]').click();
  await skipLocationStep(page);
  await expect(page.getByTestId('signup-done')).toContainText(email);

  const mail = await waitForMail(email);
  expect(mail).toMatch(/^Subject: Activate your account on Datekit Demo/m);
  await page.goto(activationLinkIn(mail));
  await expect(page).toHaveURL(/\/activate\/done$/);
  await expect(page.getByTestId('nav-account')).toBeVisible();

  await logOut(page);
  await logIn(page, { email, password: PASSWORD });
  await logOut(page);

  for (let attempt = 1; attempt <= 4; attempt++) {
    await logIn(page, { email, password: 'wrong password', expectSuccess: false });
    await expect(page.getByTestId('form-error')).toHaveText('Login failed, please try again');
  }
  await logIn(page, { email, password: 'wrong password', expectSuccess: false });
  await expect(page.getByTestId('form-error')).toHaveText('Too many incorrect attempts, account blocked for 15 min.');
  await logIn(page, { email, password: PASSWORD, expectSuccess: false });
  await expect(page.getByTestId('form-error')).toHaveText('Too many incorrect attempts, account blocked for 15 min.');
});

test('the home page shows the newest members, fictional ones marked with the brand icon', async ({ page }) => {
  await page.goto('/');
  // The teaser hydrates only when it scrolls into view.
  await page.getByRole('region', { name: 'New members' }).getByRole('list').scrollIntoViewIfNeeded();
  const members = page.getByTestId('new-members');
  await expect(members.locator('li')).toHaveCount(8);
  await expect(members.getByTestId('fictional-marker').first()).toContainText('✦');
  await expect(
    page.getByRole('region', { name: 'New members' }).getByText('Profiles marked ✦ are fictional'),
  ).toBeVisible();
  const image = members.locator('img').first();
  await expect(image).toHaveJSProperty('complete', true);
  // The seeded portraits went through the upload pipeline: the thumbnail is its 256 px square.
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);
});

test('a bad activation link shows the activation error page', async ({ page }) => {
  await page.goto('/api/activate.php?token=not-a-real-token');
  await expect(page).toHaveURL(/\/activate\/error$/);
  await expect(page.locator('main')).toContainText('Activation failed');
});

test('an unknown path answers 404 with the not-found page', async ({ page }) => {
  const response = await page.goto('/this/page/does/not/exist');
  expect(response?.status()).toBe(404);
  await expect(page.locator('main')).toContainText('This page could not be found');
  await expect(page.getByRole('link', { name: 'Back to the home page' })).toBeVisible();
});
