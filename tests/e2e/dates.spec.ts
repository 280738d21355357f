import { expect, request, test, type Page } from '@playwright/test';
import { E2E_BASE_URL } from './e2e-env.ts';
import { skipEntryWarning } from './entry-warning.ts';
import { CLIENT_HEADER, signUpAndActivate } from './session.ts';
import { skipToAccountStep } from './signup-flow.ts';

// A browser set to American English: without the page's own formats it would write "04:15 PM" and
// ask for the date of birth as mm/dd/yyyy.
test.use({ locale: 'en-US', timezoneId: 'America/New_York' });
test.beforeEach(({ context }) => skipEntryWarning(context));

const TWELVE_HOUR = /\b(AM|PM)\b/i;

async function buyStarter(page: Page): Promise<void> {
  await page.goto('/credits/starter');
  await page.getByTestId('method-creditcard').check();
  await expect(page).toHaveURL(/\/credits\/starter\/creditcard$/);
  await page.getByTestId('pay').click();
  await expect(page).toHaveURL(/\/api\/sandbox-checkout\.php\?id=tr_sbx_/);
  await page.getByTestId('sandbox-paid').click();
  await expect(page.getByTestId('payment-completed')).toBeVisible();
}

test('on the English site the chat and the receipt both write the 24-hour time of the page, not the browser', async ({
  page,
}) => {
  const client = await request.newContext({ baseURL: E2E_BASE_URL });
  const other = await signUpAndActivate(client, 'Ilse');
  await client.dispose();
  await signUpAndActivate(page.request, 'Greta');
  const sent = await page.request.post('/api/message.php', {
    headers: CLIENT_HEADER,
    data: { profile_id: other.id, text: 'Hello Ilse' },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  await page.goto(`/members/${other.id}/chat`);
  const chatTime = page.getByTestId('chat-message').first().locator('time.chat-time');
  await expect(chatTime).toHaveText(/^\d{2}:\d{2}$/);

  await buyStarter(page);
  await page.goto('/transactions');
  const row = page.getByTestId('transactions').locator('tbody tr');
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('link')).toHaveText(/^\d{1,2} [A-Z][a-z]{2,3} \d{4}$/);
  await row.getByRole('link').click();
  const receipt = page.getByTestId('receipt');
  await expect(receipt).toContainText(/\d{1,2} [A-Z][a-z]+ \d{4} at \d{2}:\d{2}/);
  await expect(receipt).not.toContainText(TWELVE_HOUR);
});

test("the date of birth is asked for in the page language's order, with its month names", async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: 'lang', value: 'nl', url: baseURL! }]);
  await page.goto('/signup');
  await skipToAccountStep(page);
  const form = page.getByTestId('signup-form');
  const selects = form.locator('.birth-date select');
  await expect(selects).toHaveCount(3);
  expect(await selects.evaluateAll((all) => all.map((s) => (s as HTMLSelectElement).name))).toEqual([
    'date_of_birth_day',
    'date_of_birth_month',
    'date_of_birth_year',
  ]);
  await expect(form.locator('select[name="date_of_birth_month"] option[value="03"]')).toHaveText('maart');
  await expect(form.getByRole('group', { name: 'Geboortedatum' })).toBeVisible();
});
