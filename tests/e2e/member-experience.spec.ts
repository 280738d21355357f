import { expect, test, type Browser, type BrowserContextOptions, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { E2E_BASE_URL } from './e2e-env.ts';
import { skipEntryWarning } from './entry-warning.ts';
import { activationLinkIn, waitForMail } from './outbox.ts';
import { CLIENT_HEADER, islandHydrated, liveStreamOpen, PASSWORD, signUpAndActivate } from './session.ts';
import { skipToAccountStep, waitForHydration } from './signup-flow.ts';
import { VIEWPORTS } from './viewports.ts';
import { chooseBirthDate } from './birth-date.ts';

// The adults-only entry warning has its own tests (visitor.spec.ts); here every visitor has passed it.
test.beforeEach(({ context }) => skipEntryWarning(context));

/** Another member in a browser of their own (a second context), signed up, activated and logged in. */
async function secondMember(browser: Browser, name: string, options: BrowserContextOptions) {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL, ...options });
  await skipEntryWarning(context);
  const page = await context.newPage();
  return { context, page, member: await signUpAndActivate(page.request, name) };
}

/** Counts how often the page's match modal opens from now on (`window.__matchModalOpens`). */
async function countMatchModalOpens(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const dialog = document.querySelector<HTMLDialogElement>('[data-testid="match-modal"]')!;
    const counted = window as unknown as { __matchModalOpens: number };
    counted.__matchModalOpens = 0;
    new MutationObserver(() => {
      if (dialog.open) counted.__matchModalOpens += 1;
    }).observe(dialog, { attributes: true, attributeFilter: ['open'] });
  });
  return () => page.evaluate(() => (window as unknown as { __matchModalOpens: number }).__matchModalOpens);
}

const uniqueName = (label: string) => `${label}${Date.now() % 100000}`;

/** Step 3 of the signup: the account's own fields only (the personal choices are optional). */
async function fillAccount(steps: Locator, name: string, email: string) {
  const form = steps.getByTestId('signup-form');
  await form.locator('input[name="name"]').fill(name);
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill(PASSWORD);
  await chooseBirthDate(form, '1991-05-20');
  await form.locator('input[name="gender"][value="female"]').check();
  await form.locator('input[name="accept_terms"]').check();
}

for (const [screen, viewport] of VIEWPORTS) {
  test.describe(`on a ${screen}`, () => {
    test.use({ viewport });

    test('both members see the match live when the second likes back, once each', async ({ page, browser }) => {
      const anna = await signUpAndActivate(page.request, 'Anna');
      const { context, page: benPage, member: ben } = await secondMember(browser, 'Ben', { viewport });
      const liked = await page.request.post('/api/like.php', { headers: CLIENT_HEADER, data: { profile_id: ben.id } });
      expect(await liked.json()).toEqual({ match: false });

      // Anna browses the members, her live stream open.
      await page.goto('/members');
      await liveStreamOpen(page);
      await islandHydrated(page, 'MatchModal');
      const annaOpens = await countMatchModalOpens(page);

      // Ben likes her back from her profile, and sees the match.
      await benPage.goto(`/members/${anna.id}`);
      await liveStreamOpen(benPage);
      await islandHydrated(benPage, 'MatchModal');
      await islandHydrated(benPage, 'MemberProfile');
      const benOpens = await countMatchModalOpens(benPage);
      await benPage.getByTestId('member-like').click();
      const benModal = benPage.getByTestId('match-modal');
      await expect(benModal.getByTestId('match-modal-title')).toHaveText("It's a Match");

      // Anna, who liked first, sees it at once too, without reloading.
      const annaModal = page.getByTestId('match-modal');
      await expect(annaModal.getByTestId('match-modal-title')).toHaveText("It's a Match");
      await expect(annaModal).toContainText('Ben');
      await expect(annaModal.getByTestId('match-modal-button')).toHaveAttribute('href', `/members/${ben.id}/chat`);
      // The initial in place of a photo is not underlined (the image is a link).
      await expect(annaModal.getByTestId('match-modal-image')).toHaveCSS('text-decoration-line', 'none');
      await expect(benModal.getByTestId('match-modal-image')).toHaveCSS('text-decoration-line', 'none');

      // Once: each stream also reports the match; a message sent after it arrives after it.
      await annaModal.getByTestId('match-modal-title').click();
      await benModal.getByTestId('match-modal-title').click();
      for (const [from, to, toPage] of [
        [page, ben, benPage],
        [benPage, anna, page],
      ] as const) {
        const sent = await from.request.post('/api/message.php', {
          headers: CLIENT_HEADER,
          data: { profile_id: to.id, text: 'We match!' },
        });
        expect(sent.status(), await sent.text()).toBe(201);
        await expect(toPage.getByTestId('nav-messages').locator('.badge')).toHaveText('1');
      }
      await expect(annaModal).not.toHaveAttribute('open');
      await expect(benModal).not.toHaveAttribute('open');
      expect(await annaOpens()).toBe(1);
      expect(await benOpens()).toBe(1);
      await context.close();
    });

    test('after all five signup steps the profile is complete; a bare one names the same missing parts on both screens', async ({
      page,
      browser,
    }) => {
      const email = `complete-${Date.now()}-${screen}@example.com`;
      await page.goto('/signup');
      const steps = page.getByTestId('signup-steps');
      await waitForHydration(page, 'signup-steps');
      await steps.locator('textarea[name="signup_message"]').fill('Hello there!');
      await steps.getByTestId('signup-step-next').click();
      await expect(steps).toHaveAttribute('data-step', 'photo');
      const photo = await sharp({ create: { width: 400, height: 500, channels: 3, background: '#c04870' } })
        .jpeg()
        .toBuffer();
      await steps
        .locator('input[type="file"]')
        .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: photo });
      await steps.getByTestId('signup-step-next').click();
      await expect(steps).toHaveAttribute('data-step', 'about');
      await steps.locator('textarea[name="about"]').fill('Long walks and good food.');
      await steps.getByTestId('signup-step-next').click();
      await expect(steps).toHaveAttribute('data-step', 'personal');
      await fillAccount(steps, uniqueName('Whole'), email);
      const upload = page.waitForResponse(
        (r) => r.url().endsWith('/api/photos.php') && r.request().method() === 'POST',
      );
      await steps.getByTestId('signup-form').locator('button[type="submit"]').click();
      expect((await upload).status()).toBe(201);
      await expect(steps).toHaveAttribute('data-step', 'location');
      await steps.locator('select[name="region"]').selectOption('NL-UT');
      await steps.locator('input[name="city"]').fill('Utrecht');
      await steps.getByTestId('signup-step-next').click();
      await expect(steps.getByTestId('signup-done')).toBeVisible();
      await page.goto(activationLinkIn(await waitForMail(email)));

      await page.goto('/profile');
      await expect(page.getByTestId('profile-location').locator('input[name="city"]')).toHaveValue('Utrecht');
      await expect(page.getByTestId('profile-missing')).toHaveCount(0);
      await page.goto('/complete-signup');
      await expect(page.getByTestId('complete-signup-done')).toBeVisible();

      // A member who skipped everything: My profile and /complete-signup list the same three parts.
      const { context, page: bare } = await secondMember(browser, 'Bare', { viewport });
      await bare.goto('/profile');
      const missing = ['photo', 'about', 'location'];
      const listed = (scope: Locator) => scope.getByTestId('profile-missing-list').locator('li');
      await expect(listed(bare.getByTestId('profile-missing'))).toHaveCount(3);
      expect(
        await listed(bare.getByTestId('profile-missing')).evaluateAll((items) =>
          items.map((li) => li.getAttribute('data-missing')),
        ),
      ).toEqual(missing);
      await bare.goto('/complete-signup');
      const intro = bare.getByTestId('complete-signup-intro');
      await expect(listed(intro)).toHaveCount(3);
      expect(await listed(intro).evaluateAll((items) => items.map((li) => li.getAttribute('data-missing')))).toEqual(
        missing,
      );
      await expect(intro).toContainText('A photo of you');
      await expect(bare.getByTestId('complete-signup')).toHaveAttribute('data-step', 'photo');
      await context.close();
    });

    test('the confirm-e-mail card ends with its buttons, and a long address stays inside it', async ({ page }) => {
      // No hyphen in it: a browser may break a line after a hyphen, never inside a plain word.
      const email = `averyremarkablylongmailboxname${Date.now()}@subdomain.examplecompany.com`;
      await page.goto('/signup');
      const steps = page.getByTestId('signup-steps');
      await skipToAccountStep(page);
      await fillAccount(steps, uniqueName('Long'), email);
      await steps.getByTestId('signup-form').locator('button[type="submit"]').click();
      await expect(steps).toHaveAttribute('data-step', 'location');
      await steps.getByTestId('signup-step-skip').click();
      const done = steps.getByTestId('signup-done');
      await expect(done).toContainText(email);

      // The footer for visitors ("Already have an account?") goes, and with it its divider.
      await expect(page.locator('.auth-footer')).toBeHidden();
      const card = (await page.locator('.auth-card').boundingBox())!;
      const address = (await done.locator('strong').boundingBox())!;
      const last = (await done.getByTestId('signup-matches-link').boundingBox())!;
      expect(address.x).toBeGreaterThanOrEqual(card.x);
      expect(address.x + address.width).toBeLessThanOrEqual(card.x + card.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      // Nothing but the card's padding below the last button.
      expect(card.y + card.height - (last.y + last.height)).toBeLessThanOrEqual(48);
    });

    test("a free member sees the credits left beside the message price, and times follow the page's language", async ({
      browser,
    }) => {
      const { context: annaContext, page: anna } = await secondMember(browser, 'Anna', { viewport, locale: 'en-GB' });
      const { context: benContext, member: ben } = await secondMember(browser, 'Ben', { viewport, locale: 'en-US' });
      await anna.goto(`/members/${ben.id}/chat`);
      await expect(anna.getByTestId('chat-send')).toContainText('10 credits');
      // The activation grants 20 credits.
      await expect(anna.getByTestId('chat-credits-left')).toHaveText('20 credits left');
      await anna.getByTestId('chat-input').fill('Hello Ben');
      await anna.getByTestId('chat-send').click();
      await expect(anna.getByTestId('chat-message')).toHaveCount(1);
      await expect(anna.getByTestId('chat-credits-left')).toHaveText('10 credits left');
      // The English site writes 24-hour time, no AM/PM, whatever the browser says.
      await expect(anna.getByTestId('chat-message').locator('time')).toHaveText(/^\d{2}:\d{2}$/);

      const benPage = benContext.pages()[0]!;
      await benPage.goto('/chats');
      await benPage.getByTestId('chat-item').getByRole('link').click();
      await expect(benPage.getByTestId('chat-message').locator('time')).toHaveText(/^\d{2}:\d{2}$/);
      await annaContext.close();
      await benContext.close();
    });
  });
}
