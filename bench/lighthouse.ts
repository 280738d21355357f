/**
 * Lighthouse scores of the demo brand (issues 3 and 13: performance and accessibility >= 95 with the
 * mobile preset) and total blocking time, in Debian's Chromium, on one page of each layout: the home
 * and terms pages and a member's profile as a visitor (default), one lander, and logged in as the demo
 * member the search, likes and a chat (default and chat layouts) and the signup matches (empty). Builds
 * the demo brand into a scratch directory and serves it with a fresh database on a free port, unless
 * --url names a running site (seeded with the demo member). Every page is measured as a first visit
 * (Lighthouse clears storage and cache), so the site-entry warning is part of what a visitor sees; the
 * browser's cookie jar holds the member's session cookies for the members' pages and nothing for the
 * visitors' (Lighthouse keeps cookies between runs). A run that ends anywhere but on the page asked for
 * (a login redirect) stops the bench. Exits 1 when a score is below the bar.
 *
 * Usage: npx tsx bench/lighthouse.ts [--url http://localhost:4321] [--runs 3] [--only members]
 *   [--details] [--h2] (the median run counts; --only keeps the pages whose path contains the given text;
 *   --details prints each run's metrics, largest contentful paint element, long tasks and render-blocking
 *   requests, to tell a slow machine from a slow page; --h2 measures through a local HTTPS proxy speaking
 *   HTTP/2, as a deployment serves the site (bench/h2-proxy.ts): over the local server's plain HTTP/1.1
 *   Lighthouse simulates six connections per host, and a page's small chunks queue behind each other)
 */
import { createRequire } from 'node:module';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright';
import { CLIENT_REQUEST_HEADER } from '@datekit/runtime/errors';
import { startH2Proxy, type H2Proxy } from './h2-proxy.ts';
import { DEMO_LOGIN, option, startLocalSite, type LocalSite } from './local-site.ts';

const MIN_SCORE = 95;
const CHROME_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The machines have no outside network: keep Chromium from reaching for Google's services.
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
interface LighthousePage {
  path: string;
  layout: 'default' | 'chat' | 'lander' | 'empty';
  /** Measured logged in as the demo member. */
  member: boolean;
}

/** `{member}` stands for the first member the demo member's search finds. */
const PAGES: readonly LighthousePage[] = [
  { path: '/', layout: 'default', member: false },
  { path: '/pages/terms', layout: 'default', member: false },
  { path: '/members/{member}', layout: 'default', member: false },
  { path: '/landers/gallery', layout: 'lander', member: false },
  { path: '/members', layout: 'default', member: true },
  { path: '/likes', layout: 'default', member: true },
  { path: '/members/{member}/chat', layout: 'chat', member: true },
  { path: '/signup-matches', layout: 'empty', member: true },
];
const lighthouseVersion = (createRequire(import.meta.url)('lighthouse/package.json') as { version: string }).version;

interface Scores {
  performance: number;
  accessibility: number;
  /** Total blocking time in milliseconds. */
  tbt: number;
  /** Audits that lost points, for the table's last column. */
  findings: string[];
  /** Metrics and their causes, printed with --details. */
  details: string[];
}

/** The audits worth naming: failed accessibility checks and the performance metrics below full marks. */
function findingsOf(lhr: NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']): string[] {
  const findings: string[] = [];
  for (const ref of lhr.categories.accessibility?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) findings.push(`a11y:${ref.id}`);
  }
  for (const ref of lhr.categories.performance?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (ref.weight > 0 && audit && audit.score !== null && audit.score < 0.9) {
      findings.push(`perf:${ref.id} ${audit.displayValue ?? ''}`.trim());
    }
  }
  return findings;
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];
interface DetailItems {
  items?: Record<string, unknown>[];
}

/** What made a run slow: the timing metrics, the LCP element and its phases, long tasks, blocking requests. */
function detailsOf(lhr: Lhr): string[] {
  const ms = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? 0);
  const lines = [
    `FCP ${ms('first-contentful-paint')} ms, LCP ${ms('largest-contentful-paint')} ms, SI ${ms('speed-index')} ms, ` +
      `TBT ${ms('total-blocking-time')} ms, CLS ${(lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)}`,
  ];
  const lcp = lhr.audits['largest-contentful-paint-element']?.details as DetailItems | undefined;
  for (const table of (lcp?.items ?? []) as DetailItems[]) {
    for (const item of table.items ?? []) {
      const node = item.node as { snippet?: string; selector?: string; nodeLabel?: string } | undefined;
      if (node?.snippet) {
        lines.push(
          `LCP element: ${node.snippet.slice(0, 140)} ${node.selector ?? ''} "${(node.nodeLabel ?? '').slice(0, 80)}"`,
        );
      } else if (item.phase) lines.push(`LCP phase ${String(item.phase)}: ${Math.round(Number(item.timing))} ms`);
    }
  }
  const shifts = (lhr.audits['layout-shifts']?.details as DetailItems | undefined)?.items ?? [];
  for (const shift of shifts.slice(0, 5)) {
    const node = shift.node as { snippet?: string } | undefined;
    lines.push(`layout shift ${Number(shift.score).toFixed(3)}: ${node?.snippet?.slice(0, 140) ?? '?'}`);
  }
  const tasks = (lhr.audits['long-tasks']?.details as DetailItems | undefined)?.items ?? [];
  for (const task of tasks.slice(0, 6)) {
    lines.push(
      `long task ${Math.round(Number(task.duration))} ms at ${Math.round(Number(task.startTime))} ms: ${String(task.url)}`,
    );
  }
  const blocking = (lhr.audits['render-blocking-resources']?.details as DetailItems | undefined)?.items ?? [];
  for (const item of blocking)
    lines.push(`render-blocking: ${String(item.url)} (${Math.round(Number(item.wastedMs))} ms)`);
  const work = (lhr.audits['mainthread-work-breakdown']?.details as DetailItems | undefined)?.items ?? [];
  lines.push(
    `main thread: ${work.map((item) => `${String(item.group)} ${Math.round(Number(item.duration))} ms`).join(', ')}`,
  );
  const bootup = (lhr.audits['bootup-time']?.details as DetailItems | undefined)?.items ?? [];
  for (const item of bootup.slice(0, 5)) {
    lines.push(
      `script ${String(item.url).replace(/^https?:\/\/[^/]+/, '')}: ${Math.round(Number(item.scripting))} ms running`,
    );
  }
  const network = (lhr.audits['network-requests']?.details as DetailItems | undefined)?.items ?? [];
  const scripts = network.filter(
    (item) => item.resourceType === 'Script' || item.resourceType === 'Fetch' || item.resourceType === 'Image',
  );
  for (const item of scripts) {
    lines.push(
      `request ${Math.round(Number(item.networkRequestTime))}-${Math.round(Number(item.networkEndTime))} ms ` +
        `${Math.round(Number(item.transferSize) / 1024)} KB ${String(item.statusCode)} ${String(item.url).replace(/^https?:\/\/[^/]+/, '')}`,
    );
  }
  return lines;
}

/** One Lighthouse run; a run whose trace recording failed (NO_NAVSTART and the like) is tried once more. */
async function measure(url: string, port: number, cookie: string | null): Promise<Scores> {
  try {
    return await measureOnce(url, port, cookie);
  } catch (error) {
    console.log(`  note: ${(error as Error).message.split('\n')[0]}; trying once more`);
    return measureOnce(url, port, cookie);
  }
}

/**
 * Leaves exactly `cookie` ("name=value; …") in the browser's cookie jar for the site, or nothing. Lighthouse
 * clears a page's storage before each run but not its cookies, and a cookie one page set (a visitor's
 * language cookie) would otherwise ride along to the next.
 */
async function setBrowserCookies(port: number, url: string, cookie: string | null): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0]!;
    await context.clearCookies();
    const pairs = (cookie ?? '').split('; ').filter(Boolean);
    await context.addCookies(
      pairs.map((pair) => {
        const at = pair.indexOf('=');
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: new URL(url).origin };
      }),
    );
  } finally {
    await browser.close();
  }
}

async function measureOnce(url: string, port: number, cookie: string | null): Promise<Scores> {
  await setBrowserCookies(port, url, cookie);
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const landed = new URL(lhr.finalDisplayedUrl);
  if (landed.pathname !== new URL(url).pathname) {
    throw new Error(`${url} ended on ${landed.pathname}${landed.search}: that page would be measured instead`);
  }
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    tbt: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
    findings: findingsOf(lhr),
    details: detailsOf(lhr),
  };
}

/** The median run of several, by performance (the noisier score). */
function median(runs: Scores[]): Scores {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Logs the demo member in through the API: the session cookie, and the id of a member to visit. */
async function memberSession(baseUrl: string): Promise<{ cookie: string; memberId: number }> {
  const login = await fetch(`${baseUrl}/api/user.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CLIENT_REQUEST_HEADER]: '1' },
    body: JSON.stringify(DEMO_LOGIN),
  });
  if (!login.ok) throw new Error(`logging in as ${DEMO_LOGIN.email} failed: ${login.status}`);
  // The cookies a first page load would set come along too (the language cookie of GET /api/settings.php):
  // a member's page then sets none, as on a member's later visits.
  const settings = await fetch(`${baseUrl}/api/settings.php?host=${new URL(baseUrl).host}`);
  const cookie = [...login.headers.getSetCookie(), ...settings.headers.getSetCookie()]
    .map((header) => header.split(';')[0]!)
    .join('; ');
  const search = (await (await fetch(`${baseUrl}/api/members.php`, { headers: { Cookie: cookie } })).json()) as {
    profiles: { id: number }[];
  };
  const memberId = search.profiles[0]?.id;
  if (memberId === undefined) throw new Error('the search found no member to visit; is the site seeded?');
  return { cookie, memberId };
}

const givenUrl = option('url');
const only = option('only');
const showDetails = process.argv.includes('--details');
// Scores vary from run to run on a busy machine: the median of three is the figure.
const runs = Math.max(1, Number(option('runs') ?? 3));
const site: LocalSite = givenUrl
  ? { baseUrl: givenUrl.replace(/\/$/, ''), stop: async () => undefined }
  : await startLocalSite('lighthouse');
const proxy: H2Proxy | null = process.argv.includes('--h2') ? await startH2Proxy(site.baseUrl) : null;
/** Where Lighthouse opens the pages: the proxy with --h2 (the bench's own requests go to the site). */
const pageBase = proxy?.baseUrl ?? site.baseUrl;
const chrome = await chromeLauncher.launch({
  chromePath: CHROME_PATH,
  chromeFlags: proxy ? [...CHROME_FLAGS, '--ignore-certificate-errors'] : CHROME_FLAGS,
});

let failed = false;
try {
  console.log(
    `\nLighthouse ${lighthouseVersion}, mobile preset, ${runs} run(s) per page, ${pageBase}` +
      `${proxy ? ` (HTTP/2 proxy to ${site.baseUrl})` : ''}\n`,
  );
  const session = await memberSession(site.baseUrl);
  const rows: string[][] = [];
  for (const page of PAGES.filter((candidate) => !only || candidate.path.includes(only))) {
    const path = page.path.replace('{member}', String(session.memberId));
    const url = `${pageBase}${path}`;
    const cookie = page.member ? session.cookie : null;
    const status = (await fetch(`${site.baseUrl}${path}`, { headers: cookie ? { Cookie: cookie } : {} })).status;
    if (status !== 200) {
      console.log(`  note: ${path} answers ${status} (not built yet?), skipped`);
      continue;
    }
    const measured: Scores[] = [];
    for (let run = 0; run < runs; run++) {
      const scores = await measure(url, chrome.port, cookie);
      measured.push(scores);
      if (showDetails) {
        const user = cookie
          ? await (await fetch(`${site.baseUrl}/api/user.php`, { headers: { Cookie: cookie } })).text()
          : '';
        console.log(
          `${path} run ${run + 1}: ${scores.performance} ${user.slice(0, 60)}\n  ${scores.details.join('\n  ')}`,
        );
      }
    }
    const scores = median(measured);
    const below = scores.performance < MIN_SCORE || scores.accessibility < MIN_SCORE;
    failed ||= below;
    rows.push([
      `${path}${page.member ? ' (member)' : ''}`,
      page.layout,
      `${scores.performance} (${measured.map((m) => m.performance).join('/')})`,
      `${scores.accessibility} (${measured.map((m) => m.accessibility).join('/')})`,
      `${scores.tbt} ms (${measured.map((m) => m.tbt).join('/')})`,
      below ? 'BELOW' : 'ok',
      scores.findings.join(', ') || 'nothing',
    ]);
  }
  const header = [
    'page',
    'layout',
    'performance (runs)',
    'accessibility (runs)',
    'total blocking time (runs)',
    `>= ${MIN_SCORE}`,
    'lost points on',
  ];
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
} finally {
  chrome.kill();
  await proxy?.stop();
  await site.stop();
}
process.exit(failed ? 1 : 0);
