import fs from 'node:fs';
import { expect, request, test } from '@playwright/test';
import { formatDate } from '@datekit/runtime/i18n/format';
import { E2E_BASE_URL } from './e2e-env.ts';
import { addOperator, CONSOLE, signInToConsole } from './operator-console.ts';
import { islandHydrated, signUpAndActivate } from './session.ts';

test('an owner sees the numbers: charts with their tables, and downloads a table as CSV', async ({ page }) => {
  // The demo data (seeded members) plus one member who signs up and activates today.
  const member = await request.newContext({ baseURL: E2E_BASE_URL });
  await signUpAndActivate(member, 'Dashboardtoday');
  await member.dispose();

  const email = `owner-dash-${Date.now()}@ops.test`;
  const secret = addOperator(email, 'owner');
  await signInToConsole(page, email, secret);

  await page.getByRole('link', { name: 'Numbers' }).click();
  await expect(page).toHaveURL(`${CONSOLE}/dashboard`);
  await islandHydrated(page, 'OperatorDashboard');

  // Every chart with figures is drawn (uPlot's canvas), its legend naming the lines (never "--"), and
  // its table lists the days with figures only (not 30 rows of zeros), then the period's total.
  for (const id of ['members', 'messages', 'purchases', 'revenue']) {
    const section = page.getByTestId(`op-dash-${id}`);
    const table = section.getByTestId(`op-table-${id}`);
    await expect(table.or(section.getByTestId(`op-empty-${id}`))).toBeVisible();
    if (!(await table.count())) continue; // no payments in the period yet
    await expect(section.getByTestId(`op-chart-${id}`).locator('canvas').first()).toBeVisible();
    await expect(section.locator('.u-legend')).not.toContainText('--');
    const days = await table.locator('tbody tr').count();
    expect(days).toBeGreaterThanOrEqual(1);
    expect(days).toBeLessThanOrEqual(30);
    await expect(section.getByTestId(`op-total-${id}`)).toContainText('Total');
  }
  await expect(page.getByTestId('op-dash-members').locator('.u-legend')).toContainText('Signups');
  const today = new Date().toISOString().slice(0, 10);
  // Days are written in the console's language as the site writes it (English: 29 Nov 2026), not as
  // ISO or as the en-US browser here would.
  const todayText = formatDate(`${today}T00:00:00Z`, 'en', 'date', 'UTC');
  const todayRow = page.getByTestId('op-table-members').locator('tbody tr').last();
  await expect(todayRow.locator('th')).toHaveText(todayText);
  expect(Number(await todayRow.locator('td').first().textContent())).toBeGreaterThanOrEqual(1);
  await expect(page.getByTestId('op-table-signups_by_tracking')).toBeVisible();
  await expect(page.getByTestId('op-dash-revenue_by_tracking')).toBeVisible();

  // One brand, one day: the table follows the filter.
  const filter = page.getByTestId('op-dash-filter');
  await filter.locator('select[name="brand"]').selectOption('localhost');
  await filter.locator('input[name="from"]').fill(today);
  await filter.locator('input[name="to"]').fill(today);
  await filter.locator('button[type="submit"]').click();
  await expect(page.getByTestId('op-table-members').locator('tbody tr')).toHaveCount(1);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('op-csv-members').click()]);
  expect(download.suggestedFilename()).toBe('dashboard-members.csv');
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  expect(csv).toMatch(new RegExp(`^\uFEFFday,signups,activations\r\n${today},[1-9]\\d*,\\d+\r\n$`));
});
