import { expect, test, type Locator, type Page } from '@playwright/test';
import { skipEntryWarning } from './entry-warning.ts';
import { logIn, signUpAndActivate, withoutSharedWorker } from './session.ts';

// How the members area's pages load (a phone shows their content without waiting for one
// request after another, and nothing jumps when it arrives). The entry warning has its own tests.
// Its tests wait for `networkidle` (see withoutSharedWorker).
test.beforeEach(async ({ context }) => {
  await skipEntryWarning(context);
  await withoutSharedWorker(context);
});

test('the search asks for its results once, before React, and its first pictures at once with high priority', async ({
  page,
}) => {
  await logIn(page);
  const searches: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path === '/api/members.php') searches.push(request.url());
  });
  // Members from 40 on are the seeded ones, with photos (the members other tests sign up have none).
  await page.goto('/members?gender=female&min_age=40&max_age=99');
  const cards = page.getByTestId('search-results').getByTestId('profile-card');
  await expect(cards.first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The page's own script starts the search; the island adopts it instead of asking again.
  expect(searches).toHaveLength(1);
  // What that script imports is announced in the head, and is only what the page loads without it.
  const preloaded = await page
    .locator('head link[rel="modulepreload"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
  expect(preloaded.length).toBeGreaterThan(0);
  const loadedWithout = await scriptsLoadedWithoutPreloads(page, '/members?gender=female&min_age=40&max_age=99');
  for (const href of preloaded) expect(loadedWithout).toContain(href);

  // The first pictures load at once, with high priority, asked for as soon as the answer arrived;
  // the rest wait until they are scrolled near.
  const first = cards.first().locator('img.profile-picture');
  await expect(first).toHaveAttribute('fetchpriority', 'high');
  await expect(first).toHaveAttribute('loading', 'eager');
  const src = await first.getAttribute('src');
  await expect(page.locator(`head link[rel="preload"][as="image"][href="${src}"]`)).toHaveCount(1);
  let eager = 0;
  for (let i = 0; i < Math.min(4, await cards.count()); i++)
    eager += await cards.nth(i).locator('img.profile-picture').count();
  await expect(page.locator('head link[rel="preload"][as="image"]')).toHaveCount(eager);
  if ((await cards.count()) > 4) {
    const later = cards.nth(4).locator('img.profile-picture');
    if ((await later.count()) > 0) await expect(later).toHaveAttribute('loading', 'lazy');
  }
});

test("when the island answers before the page's own script runs, its first pictures are preloaded all the same", async ({
  page,
}) => {
  // On a busy phone the island's code can arrive, hydrate and search before the page's script runs
  // (the CI machine once did): held here until the cards show, the script must still preload them.
  await logIn(page);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/index\.astro_astro_type_script_index_0_lang\.[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/members?gender=female&min_age=40&max_age=99', { waitUntil: 'commit' });
  const first = page.getByTestId('search-results').getByTestId('profile-card').first().locator('img.profile-picture');
  await expect(first).toHaveAttribute('fetchpriority', 'high');
  await expect(page.locator('head link[rel="preload"][as="image"]')).toHaveCount(0);
  release();
  const src = await first.getAttribute('src');
  await expect(page.locator(`head link[rel="preload"][as="image"][href="${src}"]`)).toHaveCount(1);
});

test('the signup matches are asked for before React, once, with a preload for each first picture', async ({ page }) => {
  await logIn(page);
  const searches: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/members.php') searches.push(request.url());
  });
  // The island's code is held back: the page's own script must ask without it.
  let release = () => {};
  let islandAsked = false;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/SignupMatches\.[\w-]+\.js$/, async (route) => {
    islandAsked = true;
    await held;
    await route.continue();
  });
  const asked = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/members.php');
  await page.goto('/signup-matches', { waitUntil: 'commit' });
  await asked;
  release();
  await expect.poll(() => islandAsked).toBe(true);

  const cards = page.getByTestId('signup-matches').getByTestId('profile-card');
  await expect(cards.first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The island adopts the answer instead of asking again.
  expect(searches).toHaveLength(1);
  let eager = 0;
  for (let i = 0; i < Math.min(4, await cards.count()); i++)
    eager += await cards.nth(i).locator('img.profile-picture[fetchpriority="high"]').count();
  // The newest members come first, and those the other tests signed up have no photo: the search's
  // test above proves the preloads themselves on seeded members.
  await expect(page.locator('head link[rel="preload"][as="image"]')).toHaveCount(eager);
});

test('the chat with a member is asked for before React, once, and shows when the island arrives', async ({
  page,
  request,
}) => {
  const femke = await signUpAndActivate(request, 'Femke');
  await signUpAndActivate(page.request, 'Chatty');
  const asked: string[] = [];
  page.on('request', (sent) => {
    const path = new URL(sent.url()).pathname;
    if (path === '/api/member.php' || path === '/api/chat.php') asked.push(path);
  });
  // The island's code is held back: the page's own script must open the conversation without it.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/ChatConversation\.[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const memberAsked = page.waitForRequest((sent) => new URL(sent.url()).pathname === '/api/member.php');
  await page.goto(`/members/${femke.id}/chat`, { waitUntil: 'commit' });
  await memberAsked;
  release();
  await expect(page.getByTestId('chat-empty')).toContainText('Say hello to Femke');
  await page.waitForLoadState('networkidle');
  // The island adopted the conversation instead of asking again.
  expect(asked).toEqual(['/api/member.php']);
});

test('the likes screen keeps the room of its empty list while it loads: the links below it do not move', async ({
  page,
}) => {
  // A new member: no likes yet, the empty state every member starts with.
  await signUpAndActivate(page.request, 'Roomy');
  // Where the links below the list sit relative to the tabs on the first paint, before any script ran.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const tabs = document.querySelector('.likes .tabs');
      const more = document.querySelector('.likes-more');
      if (tabs && more) {
        (window as unknown as { firstGap: number }).firstGap =
          more.getBoundingClientRect().top - tabs.getBoundingClientRect().top;
      }
    });
  });
  await page.goto('/likes');
  await expect(page.getByTestId('likes-panel-received')).toHaveClass(/likes-empty/);
  await expect(page.getByTestId('likes-count-received')).toBeVisible();
  const gaps = await page.evaluate(() => {
    const tabs = document.querySelector('.likes .tabs')!;
    const more = document.querySelector('.likes-more')!;
    return {
      first: (window as unknown as { firstGap: number }).firstGap,
      now: more.getBoundingClientRect().top - tabs.getBoundingClientRect().top,
    };
  });
  expect(gaps.first).toBeGreaterThan(0);
  expect(gaps.now).toBe(gaps.first);
});

test('the banners dock below the content at the bottom edge: nothing on a member’s first page moves when they appear', async ({
  page,
}) => {
  const banners = await firstPageWithBanners(page, 'Bannered');
  const seen = await page.evaluate(() => {
    const box = document.querySelector('[data-testid="warning-banners"]')!.getBoundingClientRect();
    return {
      shifts: (window as unknown as { shifts: LayoutShift[] }).shifts,
      bannersBottom: box.bottom,
      bannersHeight: box.height,
      viewport: window.innerHeight,
      padding: parseFloat(getComputedStyle(document.body).paddingBottom),
    };
  });
  expect(seen.shifts, JSON.stringify(seen.shifts)).toEqual([]);
  // Docked to the screen's bottom edge, with the end of the page kept free below the footer.
  expect(seen.bannersBottom).toBeCloseTo(seen.viewport, 0);
  expect(seen.padding).toBeCloseTo(seen.bannersHeight, 0);
  // What the browser scrolls into view (a link reached with Tab) stops above the banners and below the
  // sticky navigation, not behind either.
  const edges = await page.evaluate(() => {
    const link = document.querySelector('footer a')!;
    link.scrollIntoView({ block: 'end' });
    const linkBottom = link.getBoundingClientRect().bottom;
    link.scrollIntoView({ block: 'start' });
    return {
      linkBottom,
      linkTop: link.getBoundingClientRect().top,
      bannersTop: document.querySelector('[data-testid="warning-banners"]')!.getBoundingClientRect().top,
      navBottom: document.querySelector('header.topnav')!.getBoundingClientRect().bottom,
    };
  });
  expect(edges.linkBottom).toBeLessThanOrEqual(edges.bannersTop + 1);
  expect(edges.linkTop).toBeGreaterThanOrEqual(edges.navBottom - 1);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const disclaimer = page.getByTestId('site-disclaimer');
  await expect(disclaimer).toBeInViewport();
  const [disclaimerBox, bannersBox] = [await disclaimer.boundingBox(), await banners.boundingBox()];
  expect(disclaimerBox!.y + disclaimerBox!.height).toBeLessThanOrEqual(bannersBox!.y + 1);
});

test('on a page shorter than the screen, the footer stays put when the banners appear below it', async ({ page }) => {
  // A tall screen: the page ends above its bottom edge, so the footer is in view when the banners dock.
  await page.setViewportSize({ width: 1280, height: 2400 });
  await firstPageWithBanners(page, 'Shortpage');
  const footer = await page.locator('footer.site-footer').boundingBox();
  expect(footer!.y + footer!.height).toBeLessThan(2400);
  const shifts = await page.evaluate(() => (window as unknown as { shifts: LayoutShift[] }).shifts);
  expect(shifts, JSON.stringify(shifts)).toEqual([]);
});

type LayoutShift = { value: number; nodes: string[] };

/**
 * A new member, unpaid and with a bare profile, on their first members-area page with its layout
 * shifts recorded, once the banner the members area shows them is in and the page is quiet.
 */
async function firstPageWithBanners(page: Page, name: string): Promise<Locator> {
  await watchLayoutShifts(page);
  await signUpAndActivate(page.request, name);
  await page.goto('/likes');
  const banners = page.getByTestId('warning-banners');
  // The time bonus first: a new member's dock shows one banner at a time (banners.spec.ts).
  await expect(banners.getByTestId('time-bonus-banner')).toBeVisible();
  await page.waitForLoadState('networkidle');
  return banners;
}

/**
 * Records every layout shift once the page's HTML is parsed, in `window.shifts`, with the nodes that
 * moved. Before that, the browser may paint a page it has only partly parsed, wherever the network or
 * its parser stopped: once, on a busy machine, the language button was painted with its globe alone
 * and grew as the rest of its markup came (`2.2e-5`). That is the static page arriving, which
 * layout-shift.spec.ts holds to the Core Web Vitals budget; what this file asks is that nothing moves
 * when the member's parts (banners, islands) arrive, and those all come after the parse.
 */
async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: LayoutShift[] = [];
    (window as unknown as { shifts: LayoutShift[] }).shifts = shifts;
    type Shift = PerformanceEntry & {
      value: number;
      sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    };
    const box = (rect: DOMRectReadOnly) => `${rect.x},${rect.y} ${rect.width}×${rect.height}`;
    new PerformanceObserver((list) => {
      const parsed = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      for (const entry of list.getEntries() as Shift[]) {
        if (!parsed?.domInteractive || entry.startTime < parsed.domInteractive) continue;
        // What moved, and from where to where: a failure says which element to look at.
        const nodes = entry.sources.map(
          (source) =>
            `${source.node instanceof Element ? source.node.outerHTML.slice(0, 80) : '?'} ${box(source.previousRect)} → ${box(source.currentRect)} at ${Math.round(entry.startTime)} ms`,
        );
        shifts.push({ value: entry.value, nodes });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The scripts a page loads once its `modulepreload` links are taken out of its HTML. */
async function scriptsLoadedWithoutPreloads(page: Page, url: string): Promise<string[]> {
  const other = await page.context().newPage();
  const scripts = new Set<string>();
  other.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
  });
  const path = new URL(url, 'http://localhost').pathname;
  await other.route(
    (target) => target.pathname === path,
    async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replaceAll(/<link rel="modulepreload"[^>]*>/g, '');
      await route.fulfill({ response, body: html });
    },
  );
  await other.goto(url);
  await other.waitForLoadState('networkidle');
  await other.close();
  return [...scripts];
}
