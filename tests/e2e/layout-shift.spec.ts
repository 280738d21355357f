import {
  expect,
  request,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
  type Request,
} from '@playwright/test';
import { pathFor, ROUTES, type RouteDef } from '@datekit/runtime/routes';
import { E2E_BASE_URL } from './e2e-env.ts';
import { skipEntryWarning } from './entry-warning.ts';
import { CLIENT_HEADER, PASSWORD, signUpAndActivate } from './session.ts';

// Nothing on a page jumps while its islands load (issue 25 item 5): every route of the route table,
// loaded on a throttled phone (390×844, CPU four times slower, a slow mobile network), keeps its
// cumulative layout shift below 0.1, the "good" threshold of Core Web Vitals.

const PHONE = { width: 390, height: 844 };
const CLS_LIMIT = 0.1;

// A throttled phone loads slowly, and the suite's setup makes two members and a payment.
test.describe.configure({ timeout: 90_000 });
/** A seeded member (the seed makes a dozen): someone to look at, chat with and be liked by. */
const SEEDED_ID = 7;

type Shift = { value: number; time: number; nodes: string[] };

/** Who is looking at a route, and the path that shows it. */
type Target = { label: string; path: string; as: 'visitor' | 'member' };

/** A route's path with its parameters filled in for `who` (optional ones left out). */
function pathOf(route: RouteDef, who: Member): string {
  const values: Record<string, string | number> = { id: SEEDED_ID, type: 'sent', slug: '' };
  if (route.name === 'credits-id-paymentmethod') Object.assign(values, { id: 'starter' });
  if (route.name === 'transactions-id') values.id = who.paymentId;
  const filled: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(values)) if (value !== '') filled[key] = value;
  return pathFor(route.name, filled);
}

interface Member {
  storage: Awaited<ReturnType<APIRequestContext['storageState']>>;
  paymentId: number;
  goneId: number;
}

let member: Member;

test.beforeAll(async () => {
  // A member who bought a bundle (for the receipt and the completed payment), and one who left.
  const client = await request.newContext({ baseURL: E2E_BASE_URL });
  await signUpAndActivate(client, 'Steady');
  const started = await client.post('/api/payment.php', {
    headers: CLIENT_HEADER,
    data: { bundle_id: 'starter', method: 'creditcard' },
  });
  expect(started.ok(), await started.text()).toBe(true);
  const checkout = new URL(((await started.json()) as { checkout_url: string }).checkout_url, E2E_BASE_URL);
  const decided = await client.post('/api/sandbox-checkout.php', {
    form: { id: checkout.searchParams.get('id')!, outcome: 'paid' },
    maxRedirects: 0,
  });
  const back = new URL(decided.headers()['location']!, E2E_BASE_URL);
  const paymentId = Number(back.searchParams.get('payment'));
  expect(paymentId).toBeGreaterThan(0);

  const leaver = await request.newContext({ baseURL: E2E_BASE_URL });
  const gone = await signUpAndActivate(leaver, 'Leaving');
  const deleted = await leaver.post('/api/account-delete.php', {
    headers: CLIENT_HEADER,
    data: { password: PASSWORD },
  });
  expect(deleted.ok(), await deleted.text()).toBe(true);
  await leaver.dispose();

  member = { storage: await client.storageState(), paymentId, goneId: gone.id };
  await client.dispose();
});

/** Every route: a member's routes as a member, the others as a visitor; the members area also as a member. */
function targets(): Target[] {
  const list: Target[] = [];
  for (const route of ROUTES) {
    // Optional slugs are filled only by the landers' own spec; the slugless path is the same page.
    const label = route.name;
    if (route.auth) list.push({ label, path: route.name, as: 'member' });
    else list.push({ label, path: route.name, as: 'visitor' });
  }
  for (const name of ['index', 'members', 'members-id', 'pricing']) {
    list.push({ label: `${name} (member)`, path: name, as: 'member' });
  }
  list.push({ label: 'a gone member', path: 'gone', as: 'member' });
  list.push({ label: 'payment completed', path: 'paid', as: 'member' });
  list.push({ label: 'transactions list', path: 'transactions', as: 'member' });
  return list;
}

function urlOf(target: Target): string {
  if (target.path === 'gone') return pathFor('members-id', { id: member.goneId });
  if (target.path === 'paid')
    return `${pathFor('credits-id-paymentmethod', { id: 'starter', paymentmethod: 'creditcard' })}?payment=${member.paymentId}`;
  if (target.path === 'transactions') return pathFor('transactions-id');
  return pathOf(
    ROUTES.find((r) => r.name === target.path)!,
    member,
  );
}

for (const target of targets()) {
  test(`${target.label}: nothing jumps while it loads on a slow phone`, async ({ browser }) => {
    const context = await phoneContext(browser, target.as === 'member');
    const page = await context.newPage();
    await throttle(page);
    await watchLayoutShifts(page);
    const requests = watchRequests(page);
    // Not waiting for `load`: what the page is measured on is the quiet state below, which waits for more.
    await page.goto(urlOf(target), { waitUntil: 'domcontentloaded' });
    await waitUntilQuiet(page, requests);
    const shifts = await page.evaluate(() => (window as unknown as { shifts: Shift[] }).shifts);
    const worst = worstWindow(shifts);
    expect(
      worst.value,
      `${target.label} (${page.url()}) shifted: ${JSON.stringify(worst.shifts, null, 1)}`,
    ).toBeLessThan(CLS_LIMIT);
    await context.close();
  });
}

async function phoneContext(browser: Browser, loggedIn: boolean): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: E2E_BASE_URL,
    viewport: PHONE,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    ...(loggedIn ? { storageState: member.storage } : {}),
  });
  await skipEntryWarning(context);
  return context;
}

/** A mid-range phone on a slow mobile network, as Lighthouse's mobile profile has it. */
async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
}

/** Records every layout shift from the first paint on, in `window.shifts`, with the nodes that moved. */
async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: Shift[] = [];
    (window as unknown as { shifts: Shift[] }).shifts = shifts;
    type Entry = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node: Node | null }[] };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Entry[]) {
        if (entry.hadRecentInput) continue;
        const nodes = entry.sources.map((source) =>
          source.node instanceof Element ? source.node.outerHTML.slice(0, 100) : String(source.node?.nodeName),
        );
        shifts.push({ value: entry.value, time: entry.startTime, nodes });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Islands that hydrate without a member's action: the others (on sight, on touch) wait for one that never comes. */
const UNPROMPTED = ['load', 'idle', 'early', 'member', 'only'];

/**
 * Counts what the page has asked for and not yet received (its event stream and videos, open for as
 * long as the page, are not counted): `settled()` is true once nothing is in flight.
 */
function watchRequests(page: Page): Requests {
  const open = new Set<Request>();
  const done = (request: Request) => open.delete(request);
  page.on('request', (request) => {
    // Streams stay open for as long as they play or listen: a video is sized before it loads. The
    // shared worker's script is reported to the page but its end only to the worker
    // (microsoft/playwright#33917); the worker renders nothing.
    if (['eventsource', 'websocket', 'media'].includes(request.resourceType())) return;
    if (new URL(request.url()).pathname.startsWith('/_astro/stream-worker-')) return;
    open.add(request);
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    settled: () => open.size === 0,
    pending: () => [...open].map((request) => `${request.resourceType()} ${request.url()}`),
  };
}

type Requests = { settled: () => boolean; pending: () => string[] };

/** What on screen is still loading: islands not hydrated yet, placeholders marked busy. */
function stillLoading(unprompted: string[]): string[] {
  const shown = (el: Element) => [...el.children].some((child) => child.getClientRects().length > 0);
  // `client:early="touch"` waits for a touch like the on-sight and on-touch directives.
  const waitsForMember = (island: Element) =>
    !unprompted.includes(island.getAttribute('client') ?? '') ||
    (JSON.parse(island.getAttribute('opts') ?? '{}') as { value?: unknown }).value === 'touch';
  const unhydrated = [...document.querySelectorAll('astro-island[ssr]')];
  const islands = unhydrated.filter((island) => !waitsForMember(island) && shown(island));
  const busy = [...document.querySelectorAll('[aria-busy="true"]')].filter((el) => {
    const island = el.closest('astro-island[ssr]');
    return el.getClientRects().length > 0 && !(island && waitsForMember(island));
  });
  return [...islands, ...busy].map((el) => el.outerHTML.slice(0, 120));
}

/**
 * The page is quiet: every island on screen hydrated, no loading placeholder left, nothing in
 * flight, and two frames painted since, so the last shift has been reported.
 */
async function waitUntilQuiet(page: Page, requests: Requests): Promise<void> {
  for (;;) {
    await expect
      .poll(() => page.evaluate(stillLoading, UNPROMPTED), { timeout: 30_000, message: 'islands still loading' })
      .toEqual([]);
    await expect.poll(requests.pending, { timeout: 30_000 }).toEqual([]);
    await page.evaluate(
      () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
    );
    if (requests.settled()) return;
  }
}

/**
 * Cumulative layout shift as Chrome reports it: the largest session window of shifts (each less than
 * a second after the one before, five seconds at most), with the shifts that make it up.
 */
function worstWindow(shifts: Shift[]): { value: number; shifts: Shift[] } {
  let worst = { value: 0, shifts: [] as Shift[] };
  let current = { value: 0, shifts: [] as Shift[] };
  for (const shift of shifts) {
    const first = current.shifts[0];
    const last = current.shifts.at(-1);
    if (first && last && shift.time - last.time < 1000 && shift.time - first.time < 5000) {
      current = { value: current.value + shift.value, shifts: [...current.shifts, shift] };
    } else {
      current = { value: shift.value, shifts: [shift] };
    }
    if (current.value > worst.value) worst = current;
  }
  return worst;
}
