import { expect, test } from '@playwright/test';
import { skipEntryWarning } from './entry-warning.ts';
import { signUpAndActivate } from './session.ts';

test.beforeEach(({ context }) => skipEntryWarning(context));

/** Where the screenshots of the credits page with a held discount go (the phone and a laptop). */
const SHOTS = process.env.E2E_SHOTS_DIR;

test('an open checkout holds the time bonus: the credits page shows the normal price and says why, until that payment fails', async ({
  page,
}) => {
  await signUpAndActivate(page.request, 'Hedda');
  await page.goto('/credits/starter');
  await page.getByTestId('method-creditcard').check();
  await expect(page.getByTestId('checkout-amount')).toContainText('€11.21');
  await page.getByTestId('pay').click();
  await expect(page).toHaveURL(/\/api\/sandbox-checkout\.php\?id=tr_sbx_/);
  const checkout = page.url();

  // The checkout is left open: the discount is held by it.
  await page.goto('/credits');
  const held = page.getByTestId('held-discount');
  await expect(held).toHaveText(
    'Your 25% discount is held by a payment you started; it applies again if that payment is not completed.',
  );
  await expect(page.getByTestId('active-discount')).toHaveCount(0);
  await expect(page.getByTestId('price-starter')).toHaveText('€14.95');
  await expect(page.getByTestId('list-price-starter')).toHaveCount(0);
  if (SHOTS) {
    for (const [name, size] of [
      ['phone', { width: 390, height: 844 }],
      ['laptop', { width: 1366, height: 768 }],
    ] as const) {
      await page.setViewportSize(size);
      await held.evaluate((note) => note.scrollIntoView({ block: 'start' }));
      await page.screenshot({ path: `${SHOTS}/credits-held-${name}.png` });
    }
  }
  await page.getByTestId('buy-starter').click();
  await expect(page.getByTestId('checkout-amount')).toHaveText('€14.95');
  await expect(page.getByTestId('held-discount')).toBeVisible();

  // That payment fails: the discount applies again.
  await page.goto(checkout);
  await page.getByTestId('sandbox-failed').click();
  await expect(page).toHaveURL(/\/credits\/starter\/creditcard\?payment=\d+$/);
  await page.goto('/credits');
  await expect(page.getByTestId('active-discount')).toContainText('TIMEBONUS25');
  await expect(page.getByTestId('price-starter')).toContainText('€11.21');
  await expect(page.getByTestId('held-discount')).toHaveCount(0);
});
