import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, request, test } from '@playwright/test';
import sharp from 'sharp';
import { E2E_BASE_URL } from './e2e-env.ts';
import { LANGUAGE_COOKIE_NAME } from '@datekit/runtime/rules/constants';
import { addOperator, CONSOLE, signInToConsole } from './operator-console.ts';
import { CLIENT_HEADER, islandHydrated, signUpAndActivate } from './session.ts';

/**
 * Screenshots of the console's working screens on a phone and a desktop, for a person to look at:
 * runs only with CONSOLE_SHOTS=<folder> (it checks nothing the other specs do not).
 */
const SHOTS = process.env.CONSOLE_SHOTS;
test.skip(!SHOTS, 'screenshots only when CONSOLE_SHOTS names a folder');

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844, lang: 'en' },
  { name: 'desktop', width: 1366, height: 768, lang: 'en' },
  // The console in German (the operator's choice, a cookie): words and dates follow it.
  { name: 'desktop-de', width: 1366, height: 768, lang: 'de' },
];

const PAGES: { path: string; island: string; ready: string }[] = [
  { path: '/', island: 'OperatorHome', ready: 'op-waiting' },
  { path: '/photos', island: 'OperatorPhotos', ready: 'op-photos-total' },
  { path: '/members', island: 'OperatorMembers', ready: 'op-members-heading' },
  { path: '/dashboard', island: 'OperatorDashboard', ready: 'op-dash-members' },
  { path: '/campaigns', island: 'OperatorCampaigns', ready: 'op-funnel-filter' },
  { path: '/experiments', island: 'OperatorExperiments', ready: 'op-experiment-new' },
  { path: '/postbacks', island: 'OperatorPostbacks', ready: 'op-postback-add' },
];

test('console screens on a phone and a desktop', async ({ browser }) => {
  test.setTimeout(300_000);
  mkdirSync(SHOTS!, { recursive: true });
  const member = await request.newContext({ baseURL: E2E_BASE_URL });
  const who = await signUpAndActivate(member, 'Shotmember');
  for (const colour of ['#c96', '#69c', '#9c6']) {
    const image = await sharp({ create: { width: 400, height: 500, channels: 3, background: colour } })
      .jpeg()
      .toBuffer();
    await member.post('/api/photos.php', { headers: { ...CLIENT_HEADER, 'content-type': 'image/jpeg' }, data: image });
  }
  await member.dispose();
  const email = `shots-${Date.now()}@ops.test`;
  const secret = addOperator(email, 'owner');
  // One sign-in for every size: a TOTP code is accepted once only.
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInToConsole(page, email, secret);
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await context.addCookies([{ name: LANGUAGE_COOKIE_NAME, value: viewport.lang, url: CONSOLE }]);
    for (const screen of [
      ...PAGES,
      { path: `/member?id=${who.id}`, island: 'OperatorMember', ready: 'op-member-summary' },
    ]) {
      await page.goto(`${CONSOLE}${screen.path}`);
      await islandHydrated(page, screen.island);
      await expect(page.getByTestId(screen.ready)).toBeVisible();
      await page.waitForLoadState('networkidle');
      const name = screen.path.replace(/[^a-z]+/g, '-').replace(/^-|-$/g, '') || 'home';
      await page.screenshot({ path: path.join(SHOTS!, `${name}-${viewport.name}.png`), fullPage: true });
    }
  }
  await context.close();
});
