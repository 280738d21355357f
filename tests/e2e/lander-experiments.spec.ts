import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { chooseBirthDate } from './birth-date.ts';
import { addOperator, CONSOLE, datekit, signInToConsole } from './operator-console.ts';
import { islandHydrated } from './session.ts';
import { skipToAccountStep } from './signup-flow.ts';

interface ListedArm {
  arm: string;
  variant: string;
  visits: number;
  soi: number;
}
interface Listed {
  experiments: { id: number; path: string; arms: ListedArm[] }[];
}

/** Which arm's lander the page shows: Gallery (arm a) or the collage (arm b). */
async function shownArm(page: Page): Promise<'a' | 'b'> {
  const gallery = page.locator('.gallery');
  const collage = page.locator('.collage');
  await expect(gallery.or(collage)).toBeVisible();
  return (await gallery.count()) ? 'a' : 'b';
}

test('a visitor on an experiment URL keeps one arm on reload, signs up, and the console and CLI count it for that arm', async ({
  page,
}) => {
  // Five runs of the real CLI (about 3 s each on a loaded machine) besides the browser's work.
  test.setTimeout(180_000);
  const path = `/go/e2e-${Date.now()}`;
  // A marketer starts the experiment from the CLI while the server runs: no rebuild, no restart.
  const added = datekit(
    'experiments',
    'add',
    '--brand',
    'localhost',
    '--path',
    path,
    '--arm',
    'gallery/milf=50',
    '--arm',
    'collagelanding=50',
    '--name',
    'E2E',
  );
  const id = Number(/^#(\d+)/.exec(added)![1]);

  // The running server reads experiments again within 5 s; until then the path is a 404.
  await expect
    .poll(async () => (await page.goto(`${path}?network=e2enet&sub1=s1`))!.status(), { timeout: 15_000 })
    .toBe(200);
  // No redirect: the experiment's own URL shows the arm's prerendered lander.
  expect(new URL(page.url()).pathname).toBe(path);
  const cookie = (await page.context().cookies()).find((c) => c.name === `dk_arm_${id}`);
  expect(cookie?.httpOnly).toBe(true);
  const arm = await shownArm(page);
  expect(cookie?.value).toBe(arm);

  await page.reload();
  expect(await shownArm(page)).toBe(arm);

  // Signs up through the lander's call to action (the signup modal on the lander itself).
  await page.getByTestId('lander-cta').first().click();
  const modal = page.getByTestId('signup-modal');
  await expect(modal).toBeVisible();
  await skipToAccountStep(modal);
  const form = modal.getByTestId('signup-form');
  await form.locator('input[name="name"]').fill('Armtester');
  await form.locator('input[name="email"]').fill(`arm-${Date.now()}@example.com`);
  await form.locator('input[name="password"]').fill('a long and lovely secret');
  await chooseBirthDate(form, '1990-04-12');
  await form.locator('input[name="gender"][value="male"]').check();
  await form.locator('input[name="accept_terms"]').check();
  const signup = page.waitForResponse((r) => r.url().endsWith('/api/signup.php') && r.request().method() === 'POST');
  await form.locator('button[type="submit"]').click();
  expect((await signup).status()).toBe(201);

  // The CLI's report: two visits and one SOI on the visitor's arm (visits are written within a second).
  const armOf = () =>
    (JSON.parse(datekit('experiments', 'list', '--brand', 'localhost', '--format', 'json')) as Listed).experiments
      .find((e) => e.id === id)!
      .arms.find((a) => a.arm === arm)!;
  await expect.poll(() => armOf().visits, { timeout: 10_000 }).toBe(2);
  expect(armOf().soi).toBe(1);
  const today = new Date().toISOString().slice(0, 10);
  const csv = datekit('campaigns', 'report', '--brand', 'localhost', '--from', today, '--to', today);
  const variant = arm === 'a' ? 'gallery,milf' : 'collagelanding,';
  expect(csv).toContain(`${variant},${id},${arm},2,1,0,0.0000,0`);

  // The console shows the same for the arm.
  const email = `owner-exp-${Date.now()}@ops.test`;
  await signInToConsole(page, email, addOperator(email, 'owner'));
  await page.goto(`${CONSOLE}/experiments`);
  await islandHydrated(page, 'OperatorExperiments');
  await page.getByRole('combobox', { name: 'Brand' }).selectOption('localhost');
  const row = page.getByTestId(`op-experiment-${id}`).getByTestId(`op-arm-${arm}`);
  await expect(row.getByTestId('op-arm-visits')).toHaveText('2');
  await expect(row.getByTestId('op-arm-soi')).toHaveText('1');

  // The funnel page: today's row of the arm, and the same CSV as the CLI's.
  await page.getByRole('link', { name: 'Funnel' }).click();
  await islandHydrated(page, 'OperatorCampaigns');
  const filter = page.getByTestId('op-funnel-filter');
  await filter.locator('select[name="brand"]').selectOption('localhost');
  await filter.locator('input[name="from"]').fill(today);
  await filter.locator('input[name="to"]').fill(today);
  await filter.locator('button[type="submit"]').click();
  const armRow = page.getByTestId('op-funnel').locator('tbody tr', { hasText: `#${id} ${arm}` });
  await expect(armRow.locator('td').nth(2)).toHaveText('2');
  await expect(armRow.locator('td').nth(3)).toHaveText('1');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`funnel-localhost-${today}-${today}.csv`);
  expect(fs.readFileSync((await download.path())!, 'utf8')).toContain(`${variant},${id},${arm},2,1,0,0.0000,0`);
});
