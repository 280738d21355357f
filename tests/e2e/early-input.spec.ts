import { expect, test, type Page } from '@playwright/test';
import { skipEntryWarning } from './entry-warning.ts';
import { DEMO } from './session.ts';
import { VIEWPORTS } from './viewports.ts';

// The adults-only entry warning has its own tests (visitor.spec.ts); here the visitor has passed it.
test.beforeEach(({ context }) => skipEntryWarning(context));

/**
 * Holds the island's own script (`/_astro/<component>.<hash>.js`) until `release()`, as a slow phone or
 * a busy machine would: the page is shown, but nothing hydrates it.
 */
async function holdIsland(page: Page, component: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(new RegExp(`/_astro/${component}\\.[\\w-]+\\.js$`), async (route) => {
    await released;
    await route.continue();
  });
  const island = page.locator(`astro-island[component-url*="/${component}."]`);
  return { island, release };
}

for (const [screen, viewport] of VIEWPORTS) {
  test.describe(`on a ${screen}`, () => {
    test.use({ viewport });

    test('the first signup step keeps what was typed and acts on "Next" pressed before the page woke up', async ({
      page,
    }) => {
      const { island, release } = await holdIsland(page, 'SignupSteps');
      await page.goto('/signup');
      const steps = page.getByTestId('signup-steps');
      const message = 'Typed while the page was still asleep.';
      await steps.locator('textarea[name="signup_message"]').fill(message);
      await steps.getByTestId('signup-step-next').click();
      // All of that happened before hydration: the island is still the server's HTML.
      await expect(island).toHaveAttribute('ssr', '');
      await expect(steps).toHaveAttribute('data-step', 'message');

      release();
      await expect(steps).toHaveAttribute('data-step', 'photo');
      await steps.getByTestId('signup-step-back').click();
      await expect(steps.locator('textarea[name="signup_message"]')).toHaveValue(message);
    });

    test('the login form keeps the address and password typed early and logs in on the early press', async ({
      page,
    }) => {
      const { island, release } = await holdIsland(page, 'LoginForm');
      await page.goto('/login');
      const form = page.getByTestId('login-form');
      await form.locator('input[name="email"]').fill(DEMO.email);
      await form.locator('input[name="password"]').fill(DEMO.password);
      await form.locator('input[name="password"]').press('Enter');
      await expect(island).toHaveAttribute('ssr', '');
      await expect(page).toHaveURL(/\/login$/);

      release();
      await page.waitForURL((url) => url.pathname !== '/login');
      await expect(page.getByTestId('nav-account')).toBeVisible();
    });

    test('the password reset request keeps the address typed early and sends on the early click', async ({ page }) => {
      const { island, release } = await holdIsland(page, 'ResetPasswordRequest');
      await page.goto('/reset-password');
      const form = page.getByTestId('reset-request-form');
      await form.locator('input[name="email"]').fill(DEMO.email);
      await form.locator('button[type="submit"]').click();
      await expect(island).toHaveAttribute('ssr', '');

      const sent = page.waitForRequest((request) => request.url().includes('/api/') && request.method() === 'POST');
      release();
      expect((await sent).postDataJSON()).toMatchObject({ email: DEMO.email });
      await expect(page.getByTestId('reset-sent')).toBeVisible();
    });
  });
}

test('the new-password form acts on a press made before the page woke up', async ({ page }) => {
  const { island, release } = await holdIsland(page, 'ResetPasswordForm');
  await page.goto('/reset-password/do?token=made-up-token');
  const form = page.getByTestId('reset-form');
  await form.locator('input[name="password"]').fill('another new secret');
  await form.locator('input[name="password_repeat"]').fill('another new secret');
  await form.locator('button[type="submit"]').click();
  await expect(island).toHaveAttribute('ssr', '');

  release();
  // The press reaches the server, which refuses the made-up link (the form did nothing at all before).
  await expect(page.getByTestId('form-error')).toHaveText('Link expired or invalid, request a new email');
});
