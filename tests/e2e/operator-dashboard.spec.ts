import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, request, test } from '@playwright/test';
import { generateSync } from 'otplib';
import { E2E_BASE_URL, E2E_PORT, E2E_VAR_DIR, ROOT } from './e2e-env.ts';
import { islandHydrated, signUpAndActivate } from './session.ts';

/** The console's own host (OPERATOR_HOST's default); Chromium resolves *.localhost to this machine. */
const CONSOLE = `http://operator.localhost:${E2E_PORT}`;
const PASSWORD = 'operator password for e2e';

/** `datekit operators add` on the e2e database; answers the TOTP secret it prints. */
function addOperator(email: string, role: string): string {
  const out = execFileSync(
    process.execPath,
    [
      path.join(ROOT, 'packages/cli/bin/datekit.mjs'),
      'operators',
      'add',
      '--email',
      email,
      '--role',
      role,
      '--password',
      PASSWORD,
    ],
    { cwd: ROOT, env: { ...process.env, DATEKIT_VAR_DIR: E2E_VAR_DIR, DATABASE_URL: '' }, encoding: 'utf8' },
  );
  return /TOTP secret: (\S+)/.exec(out)![1]!;
}

test('an owner sees the numbers: charts with their tables, and downloads a table as CSV', async ({ page }) => {
  // The demo data (seeded members) plus one member who signs up and activates today.
  const member = await request.newContext({ baseURL: E2E_BASE_URL });
  await signUpAndActivate(member, 'Dashboardtoday');
  await member.dispose();

  const email = `owner-dash-${Date.now()}@ops.test`;
  const secret = addOperator(email, 'owner');
  await page.goto(`${CONSOLE}/login`);
  await islandHydrated(page, 'OperatorLogin');
  const login = page.getByTestId('op-login-form');
  await login.locator('input[name="email"]').fill(email);
  await login.locator('input[name="password"]').fill(PASSWORD);
  await login.locator('button[type="submit"]').click();
  const codeForm = page.getByTestId('op-code-form');
  await codeForm.locator('input[name="code"]').fill(generateSync({ secret }));
  await Promise.all([page.waitForURL(`${CONSOLE}/`), codeForm.locator('button[type="submit"]').click()]);

  await page.getByRole('link', { name: 'Numbers' }).click();
  await expect(page).toHaveURL(`${CONSOLE}/dashboard`);
  await islandHydrated(page, 'OperatorDashboard');

  // Every chart is drawn (uPlot's canvas) and has its table of the same 30 days under it.
  for (const id of ['members', 'messages', 'purchases', 'revenue']) {
    const section = page.getByTestId(`op-dash-${id}`);
    if (id === 'revenue' && !(await section.getByTestId('op-chart-revenue').count())) continue; // no payments yet
    await expect(section.getByTestId(`op-chart-${id}`).locator('canvas').first()).toBeVisible();
    await expect(section.getByTestId(`op-table-${id}`).locator('tbody tr')).toHaveCount(30);
  }
  const today = new Date().toISOString().slice(0, 10);
  const todayRow = page.getByTestId('op-table-members').locator('tbody tr').last();
  await expect(todayRow.locator('th')).toHaveText(today);
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
