import { expect, test, type Locator } from '@playwright/test';
import sharp from 'sharp';
import { skipEntryWarning } from './entry-warning.ts';
import { activationLinkIn, waitForMail } from './outbox.ts';
import { PASSWORD } from './session.ts';
import { skipToAccountStep, waitForHydration } from './signup-flow.ts';
import { chooseBirthDate } from './birth-date.ts';

// The adults-only entry warning has its own tests (visitor.spec.ts); here the visitor has passed it.
test.beforeEach(({ context }) => skipEntryWarning(context));

/** A real JPEG, made here: the server decodes every upload, so the photo must be an image. */
function portrait(): Promise<Buffer> {
  return sharp({ create: { width: 480, height: 600, channels: 3, background: { r: 214, g: 72, b: 104 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e4)}@example.com`;
const uniqueName = (label: string) => `${label}${Date.now() % 100000}`;

/** Step 3: the account's fields, and the personal choices when given. */
async function fillPersonal(
  steps: Locator,
  account: { name: string; email: string },
  choices?: { sexuality: string; relationship_status: string; body_type: string },
) {
  const form = steps.getByTestId('signup-form');
  await form.locator('input[name="name"]').fill(account.name);
  await form.locator('input[name="email"]').fill(account.email);
  await form.locator('input[name="password"]').fill(PASSWORD);
  await chooseBirthDate(form, '1989-09-14');
  await form.locator('input[name="gender"][value="female"]').check();
  if (choices) {
    for (const [field, value] of Object.entries(choices))
      await form.locator(`select[name="${field}"]`).selectOption(value);
  }
  await form.locator('input[name="accept_terms"]').check();
}

async function expectStep(steps: Locator, step: string) {
  await expect(steps).toHaveAttribute('data-step', step);
}

test('a visitor signs up through every step with a photo, activates from the mail, and finds it all on the profile', async ({
  page,
}) => {
  const email = uniqueEmail('steps');
  const about = 'Sunday markets, long dinners and walks along the canals.';

  await page.goto('/signup?network=e2e&sub1=steps');
  const steps = page.getByTestId('signup-steps');
  await waitForHydration(page, 'signup-steps');
  await expect(steps.getByTestId('signup-progress')).toContainText('Step 1 of 5');

  // 0: a first message.
  await expectStep(steps, 'message');
  await steps.locator('textarea[name="signup_message"]').fill('Hello! Nice to meet you.');
  await steps.getByTestId('signup-step-next').click();

  // 1: a photo, previewed before anything is uploaded.
  await expectStep(steps, 'photo');
  await steps
    .locator('input[type="file"]')
    .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await portrait() });
  await expect(steps.getByTestId('photo-preview')).toBeVisible();
  await steps.getByTestId('signup-step-next').click();

  // 2: about me, with interests from the server's list.
  await expectStep(steps, 'about');
  await steps.locator('textarea[name="about"]').fill(about);
  await steps.locator('[data-interest="travel"]').click();
  await steps.locator('[data-interest="cooking"]').click();
  await expect(steps.locator('[data-interest="travel"]')).toHaveAttribute('aria-pressed', 'true');
  // Each chip draws its interest as a line icon (no emoji font needed).
  await expect(steps.locator('[data-interest="travel"] svg.interest-icon path')).toHaveAttribute('d', /^M/);
  // No wall of chips: the popular ones are open, the rest wait in closed themed groups.
  const picker = steps.getByTestId('interest-picker');
  await expect(picker.getByTestId('interest-group-popular').locator('.interest-chip')).toHaveCount(12);
  await expect(picker.locator('.interest-chip:visible')).toHaveCount(12);
  await expect(picker.getByTestId('interest-group-romance')).not.toHaveAttribute('open');
  // A search finds an interest wherever it is grouped; choosing it shows in its group's count.
  await picker.getByTestId('interest-search').fill('candle');
  await expect(picker.getByTestId('interest-results').locator('.interest-chip')).toHaveCount(1);
  await picker.getByTestId('interest-results').locator('[data-interest="candlelit-dinners"]').click();
  await picker.getByTestId('interest-search').fill('zzz');
  await expect(picker.getByTestId('interest-results')).toContainText('No interest matches “zzz”.');
  await picker.getByTestId('interest-search').fill('');
  const romance = picker.getByTestId('interest-group-romance');
  await expect(romance.locator('summary')).toContainText('1 of 11 chosen');
  await romance.locator('summary').click();
  await expect(romance.locator('[data-interest="candlelit-dinners"]')).toHaveAttribute('aria-pressed', 'true');
  await steps.getByTestId('signup-step-next').click();

  // 3: personal info creates the account, with the message and the tracking parameters.
  await expectStep(steps, 'personal');
  await expect(steps.getByTestId('signup-step-skip')).toHaveCount(0);
  await fillPersonal(
    steps,
    { name: uniqueName('Steps'), email },
    { sexuality: 'hetero', relationship_status: 'single', body_type: 'athletic' },
  );
  const signup = page.waitForRequest((r) => r.url().endsWith('/api/signup.php') && r.method() === 'POST');
  const upload = page.waitForResponse((r) => r.url().endsWith('/api/photos.php') && r.request().method() === 'POST');
  await steps.getByTestId('signup-form').locator('button[type="submit"]').click();
  expect((await signup).postDataJSON()).toMatchObject({
    email,
    signup_message: 'Hello! Nice to meet you.',
    tracking: { network: 'e2e', sub1: 'steps' },
  });
  expect((await upload).status()).toBe(201);

  // 4: location; then "confirm your e-mail" with the address.
  await expectStep(steps, 'location');
  await steps.locator('select[name="region"]').selectOption('NL-UT');
  await steps.locator('input[name="city"]').fill('Utrecht');
  await steps.getByTestId('signup-step-next').click();
  await expect(steps.getByTestId('signup-done')).toContainText(email);
  // The last step says what it is: a summary, not "Create your free account · Step 5 of 5".
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your account is ready');
  await expect(steps.getByTestId('signup-progress').locator('.step-progress-text')).toHaveText('All 5 steps done');
  await expect(page.locator('main')).not.toContainText('Create your free account');
  await expect(steps.getByTestId('activation-mail-resend')).toBeVisible();

  // Before activation the reminder shows on other pages, not on the settings.
  await page.goto('/members');
  await expect(page.getByTestId('activation-reminder')).toContainText(email);
  await page.goto('/settings');
  await expect(page.getByTestId('account-email')).toHaveText(email);
  await expect(page.getByTestId('activation-reminder')).toHaveCount(0);

  const mail = await waitForMail(email);
  await page.goto(activationLinkIn(mail));
  await expect(page).toHaveURL(/\/activate\/done$/);

  await page.goto('/profile');
  const photo = page.getByTestId('own-photo');
  await expect(photo).toHaveCount(1);
  await expect(photo.getByTestId('photo-status')).toHaveText('Being checked');
  await expect(page.getByTestId('photo-count')).toHaveText('1 of 3 photos');
  await expect(page.getByTestId('profile-about').locator('textarea[name="about"]')).toHaveValue(about);
  await expect(page.getByTestId('profile-about').locator('[data-interest="cooking"]')).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByTestId('profile-location').locator('input[name="city"]')).toHaveValue('Utrecht');
  await expect(page.getByTestId('activation-reminder')).toHaveCount(0);
});

test('/complete-signup walks only the skipped steps, then suggests the first matches', async ({ page }) => {
  const email = uniqueEmail('skipper');
  await page.goto('/signup');
  const steps = page.getByTestId('signup-steps');
  await skipToAccountStep(page);
  await fillPersonal(
    steps,
    { name: uniqueName('Skip'), email },
    { sexuality: 'bi', relationship_status: 'divorced', body_type: 'curvy' },
  );
  await steps.getByTestId('signup-form').locator('button[type="submit"]').click();
  await expectStep(steps, 'location');
  await steps.getByTestId('signup-step-skip').click();
  await expect(steps.getByTestId('signup-done')).toContainText(email);

  await page.goto('/complete-signup');
  const complete = page.getByTestId('complete-signup');
  await waitForHydration(page, 'complete-signup');
  await expect(complete.locator('.step-progress-bar li')).toHaveCount(3);
  for (const step of ['photo', 'about', 'location'])
    await expect(complete.getByTestId(`complete-step-${step}`)).toHaveCount(1);
  await expect(complete.getByTestId('complete-step-personal')).toHaveCount(0);
  // Empty layout: no language switcher, the reminder still there.
  await expect(page.getByTestId('language-switcher')).toHaveCount(0);
  await expect(page.getByTestId('activation-reminder')).toBeVisible();

  await expect(complete).toHaveAttribute('data-step', 'photo');
  await complete.getByTestId('signup-step-skip').click();
  await expect(complete).toHaveAttribute('data-step', 'about');
  await complete.locator('textarea[name="about"]').fill('Jazz, books and good coffee.');
  await complete.getByTestId('signup-step-next').click();
  await expect(complete).toHaveAttribute('data-step', 'location');
  await complete.locator('select[name="country"]').selectOption('BE');
  await complete.locator('select[name="region"]').selectOption('BE-VOV');
  await complete.locator('input[name="city"]').fill('Gent');
  await complete.getByTestId('signup-step-next').click();

  await expect(page).toHaveURL(/\/signup-matches$/);
  const matches = page.getByTestId('signup-matches');
  await expect(matches.locator('li').first()).toBeVisible();
  await expect(matches.locator('a').first()).toHaveAttribute('href', /^\/members\/\d+$/);
  await expect(page.getByTestId('signup-matches-search')).toHaveAttribute('href', '/members?t=1');

  // What was saved now counts: only the photo is still missing.
  await page.goto('/complete-signup');
  await expect(page.getByTestId('complete-signup').locator('.step-progress-bar li')).toHaveCount(1);
  await expect(page.getByTestId('complete-step-photo')).toHaveCount(1);
});

test('the signup modal hosts the steps and cannot be dismissed while the account is created', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/signup.php', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  // The modal's island loads on the first call to action (client:interaction), which then opens it.
  await page.evaluate(() => {
    const cta = document.createElement('a');
    cta.href = '/signup?network=modal';
    cta.textContent = 'Join';
    cta.dataset.signupCta = '';
    cta.dataset.testid = 'test-cta';
    cta.style.cssText = 'position:fixed;left:40%;top:40%;z-index:5;padding:1rem;background:#fff';
    document.body.append(cta);
  });
  await page.getByTestId('test-cta').click();
  const modal = page.getByTestId('signup-modal');
  const steps = modal.getByTestId('signup-steps');
  for (const step of ['message', 'photo', 'about']) {
    await expectStep(steps, step);
    await steps.getByTestId('signup-step-skip').click();
  }
  const email = uniqueEmail('modal-steps');
  await fillPersonal(steps, { name: uniqueName('Modal'), email });
  await steps.getByTestId('signup-form').locator('button[type="submit"]').click();

  await expect(modal).toHaveAttribute('aria-busy', 'true');
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5);
  await expect(modal).toBeVisible();
  await expect(modal.getByTestId('signup-modal-close')).toBeDisabled();

  release();
  await expectStep(steps, 'location');
  await steps.getByTestId('signup-step-skip').click();
  await expect(steps.getByTestId('signup-done')).toContainText(email);
  await steps.getByTestId('signup-close').click();
  await expect(modal).toBeHidden();
  // Behind the modal, the page now reminds the new member to confirm.
  await expect(page.getByTestId('activation-reminder')).toContainText(email);
});

test('on a member’s signup page the first message is addressed to that member, shown with picture, name and age', async ({
  page,
}) => {
  const member = (await (await page.request.get('/api/member-preview.php?id=3')).json()) as {
    profile: { name: string; age: number };
  };
  await page.goto('/members/3/signup');
  const steps = page.getByTestId('signup-steps');
  await expect(steps.getByRole('heading', { level: 2 })).toHaveText(/^Say hello to /);
  const recipient = steps.getByTestId('message-recipient');
  await expect(recipient).toContainText('Your message goes to');
  await expect(recipient.locator('.message-recipient-name')).toHaveText(
    `${member.profile.name}, ${member.profile.age}`,
  );
  await expect(recipient.locator('.profile-picture')).toBeVisible();
});

test('the region select shows its whole placeholder in the signup card, on a phone and a desktop', async ({ page }) => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 768 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto('/signup');
    await skipToAccountStep(page);
    const steps = page.getByTestId('signup-steps');
    await fillPersonal(steps, { name: uniqueName('Region'), email: uniqueEmail('region') });
    await steps.getByTestId('signup-form').locator('button[type="submit"]').click();
    await expectStep(steps, 'location');
    const region = steps.locator('select[name="region"]');
    await expect(region).toBeEnabled();
    // The select is at least as wide as its placeholder text plus its padding and arrow.
    const fits = await region.evaluate((select: HTMLSelectElement) => {
      const style = getComputedStyle(select);
      const canvas = document.createElement('canvas').getContext('2d')!;
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = canvas.measureText(select.options[select.selectedIndex]!.text).width;
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { text, room };
    });
    expect(fits.text).toBeLessThanOrEqual(fits.room);
    // Logged out again, so that /signup shows the steps for the second screen.
    await page.context().clearCookies();
  }
});

test.describe('activation reminder on a smartphone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('opens as a modal with api_signup_complete, then stays as an alert', async ({ page }) => {
    const email = uniqueEmail('phone');
    const signup = await page.request.post('/api/signup.php', {
      headers: { 'x-client-request': '1' },
      data: {
        email,
        name: uniqueName('Phone'),
        password: PASSWORD,
        date_of_birth: '1992-02-02',
        gender: 'male',
        accept_terms: true,
      },
    });
    // The signup logged this browser in.
    expect(signup.status()).toBe(201);

    await page.goto('/members?api_signup_complete=1');
    const modal = page.getByTestId('activation-reminder-modal');
    await expect(modal).toBeVisible();
    await expect(modal).toContainText(email);
    await expect(page).toHaveURL(/\/members$/);
    await modal.getByTestId('activation-reminder-close').click();
    await expect(modal).toHaveCount(0);
    await expect(page.getByTestId('activation-reminder')).toBeVisible();

    // Without the flag, the same phone gets the alert.
    await page.goto('/likes');
    await expect(page.getByTestId('activation-reminder')).toBeVisible();
    await expect(page.getByTestId('activation-reminder-modal')).toHaveCount(0);
  });
});

test('on /profile a member uploads photos up to the limit, picks the main one, deletes one and turns invisible', async ({
  page,
}) => {
  const email = uniqueEmail('photos');
  const signup = await page.request.post('/api/signup.php', {
    headers: { 'x-client-request': '1' },
    data: {
      email,
      name: uniqueName('Photos'),
      password: PASSWORD,
      date_of_birth: '1985-05-05',
      gender: 'female',
      accept_terms: true,
    },
  });
  expect(signup.status()).toBe(201);

  await page.goto('/profile');
  const manager = page.getByTestId('photo-manager');
  await expect(page.getByTestId('photo-count')).toHaveText('0 of 3 photos');
  // A file the server would refuse is refused at once, without an upload.
  const uploads: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/photos.php') && r.method() === 'POST') uploads.push(r.url());
  });
  await manager
    .getByTestId('photo-upload-input')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') });
  await expect(page.getByTestId('photo-message')).toHaveText(
    'This file is not a photo we can use. Choose a JPEG, PNG, WebP, AVIF or HEIC image.',
  );
  expect(uploads).toEqual([]);

  const jpeg = await portrait();
  for (let n = 1; n <= 3; n++) {
    await manager
      .getByTestId('photo-upload-input')
      .setInputFiles({ name: `p${n}.jpg`, mimeType: 'image/jpeg', buffer: jpeg });
    await expect(page.getByTestId('photo-count')).toHaveText(`${n} of 3 photos`);
  }
  await expect(manager.getByTestId('photo-upload-input')).toBeDisabled();
  await expect(manager).toContainText('You have reached your limit of 3 photos.');
  const photos = manager.getByTestId('own-photo');
  await expect(photos.getByTestId('photo-status')).toHaveText(['Being checked', 'Being checked', 'Being checked']);
  await expect(photos.first()).toContainText('Main photo');

  await photos.nth(1).getByTestId('photo-make-main').click();
  await expect(page.getByTestId('photo-message')).toHaveText('Your main photo was changed.');
  await expect(photos.first()).toContainText('Main photo');
  await expect(photos.nth(1)).not.toContainText('Main photo');

  await photos.nth(2).getByTestId('photo-delete').click();
  await photos.nth(2).getByRole('button', { name: 'Yes, delete' }).click();
  await expect(page.getByTestId('photo-count')).toHaveText('2 of 3 photos');
  await expect(manager.getByTestId('photo-upload-input')).toBeEnabled();

  const invisible = page.getByTestId('invisible-switch');
  await expect(invisible).not.toBeChecked();
  // The switch shows the saved state: it turns on once the server has answered.
  await invisible.click();
  await expect(invisible).toBeChecked();
  await expect(page.getByTestId('profile-visibility')).toContainText('You are invisible now.');
  await page.reload();
  await expect(page.getByTestId('invisible-switch')).toBeChecked();

  const details = page.getByTestId('profile-details');
  await details.locator('select[name="hair_colour"]').selectOption('red');
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(details).toContainText('Saved.');
  await page.reload();
  await expect(page.getByTestId('profile-details').locator('select[name="hair_colour"]')).toHaveValue('red');
});
