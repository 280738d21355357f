import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './axe.ts';
import { E2E_BASE_URL } from './e2e-env.ts';
import { skipEntryWarning } from './entry-warning.ts';
import { grantCredits, signUpAndActivate, withoutSharedWorker } from './session.ts';
import { VIEWPORTS } from './viewports.ts';

/**
 * Every screen a visitor and a member meet, on a phone and a desktop: each loads without an error in
 * the console and without a request the page itself makes failing (a missing icon, a 404 the page
 * fires at itself), and axe finds no text below its contrast ratio and no control whose name leaves out
 * its visible label. With E2E_SCREENSHOTS=<folder>, each screen is also written there as a PNG, to be
 * looked at before a change of the look is called done.
 */
const SHOTS = process.env.E2E_SCREENSHOTS;

// Its tests wait for `networkidle` (see withoutSharedWorker).
test.beforeEach(async ({ context }) => {
  await skipEntryWarning(context);
  await withoutSharedWorker(context);
});

const AXE_RULES = ['color-contrast', 'label-content-name-mismatch'];

const VISITOR_SCREENS = [
  '/',
  '/login',
  '/signup',
  '/pricing',
  '/pages/faq',
  '/landers/tinderswipe',
  '/landers/alonetonight',
];
const MEMBER_SCREENS = [
  '/members',
  '/members/{other}',
  '/likes',
  '/chats',
  '/members/{other}/chat',
  '/credits',
  '/premium',
  '/profile',
  '/settings',
  '/notifications',
  '/match-finder',
  '/swipe-game',
  '/transactions',
];

/** Opens `url` and waits until the page is quiet; answers what went wrong on the way. */
async function visit(page: Page, url: string): Promise<string[]> {
  const problems: string[] = [];
  const onConsole = (message: { type(): string; text(): string }) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  };
  const onResponse = (response: { status(): number; url(): string }) => {
    if (response.status() >= 400 && response.url().startsWith(E2E_BASE_URL)) {
      problems.push(`${response.status()} ${new URL(response.url()).pathname}`);
    }
  };
  page.on('console', onConsole);
  page.on('response', onResponse);
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  page.off('console', onConsole);
  page.off('response', onResponse);
  return [...problems, ...(await axeViolations(page, AXE_RULES))];
}

async function shoot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

for (const [screen, viewport] of VIEWPORTS) {
  test(`every visitor screen on a ${screen} loads cleanly`, async ({ page }) => {
    await page.setViewportSize(viewport);
    for (const url of VISITOR_SCREENS) {
      expect(await visit(page, url), url).toEqual([]);
      await shoot(page, `${screen}-visitor${url === '/' ? '-home' : url.replaceAll('/', '-')}`);
    }
  });

  test(`every member screen on a ${screen} loads cleanly`, async ({ page, playwright }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const other = await signUpAndActivate(await playwright.request.newContext({ baseURL: E2E_BASE_URL }), 'Seen');
    const member = await signUpAndActivate(page.request, 'Looker');
    grantCredits(member.email, 50);
    for (const pattern of MEMBER_SCREENS) {
      const url = pattern.replace('{other}', String(other.id));
      expect(await visit(page, url), url).toEqual([]);
      await expect(page.locator('body')).toHaveClass(/logged-in/);
      await shoot(page, `${screen}-member${pattern.replaceAll('/', '-').replace('{other}', 'id')}`);
    }
  });
}
