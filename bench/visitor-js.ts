/**
 * JavaScript a page loads before any interaction, gzipped, measured in a real browser (issue 13:
 * visitor pages at most 30 KB). Debian's Chromium opens each page as a first visit on a phone-sized
 * screen (Lighthouse's mobile viewport) and waits for the load event and network idle; every script
 * it requested until then (module files, chunks imported by islands that hydrated by themselves) and
 * every inline script of the page counts with the gzip size of its code. What loads on a touch, a
 * click or a scroll (`client:interaction`, `client:early="touch"`, `client:visible` below the fold)
 * is not part of it. Visitor pages (home, a static page, pricing, a member's profile, a lander) must
 * stay within the budget; the members' search, likes and chats, measured logged in as the demo
 * member, are listed for comparison. Exits 1 when a visitor page is over the budget.
 *
 * Usage: npx tsx bench/visitor-js.ts [--url http://localhost:4321] [--verbose]
 *   (without --url it builds the demo brand into a scratch directory and serves it on a free port)
 */
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { BrowserContext, Page } from '@playwright/test';
import { CLIENT_REQUEST_HEADER } from '@datekit/runtime/errors';

export const VISITOR_BUDGET_BYTES = 30 * 1024;
/** Lighthouse's mobile screen: what is "visible" without scrolling on a phone. */
export const MOBILE_VIEWPORT = { width: 412, height: 823 };

export interface MeasuredPage {
  name: string;
  path: string;
  /** Whether the page is for visitors (within the budget) or measured logged in, for comparison. */
  visitor: boolean;
}

/** One page of each type; `/members/1` stands for every profile (one shell serves them all). */
export const PAGES: readonly MeasuredPage[] = [
  { name: 'home', path: '/', visitor: true },
  { name: 'static page', path: '/pages/terms', visitor: true },
  { name: 'pricing', path: '/pricing', visitor: true },
  { name: 'member profile', path: '/members/1', visitor: true },
  { name: 'lander', path: '/landers/gallery', visitor: true },
  { name: 'search (member)', path: '/members', visitor: false },
  { name: 'likes (member)', path: '/likes', visitor: false },
  { name: 'chats (member)', path: '/chats', visitor: false },
];

export interface PageJs {
  /** Each script file and inline script with the gzip size of its code, largest first. */
  parts: { name: string; gzip: number }[];
  gzip: number;
}

const gzipBytes = (code: string | Buffer) => gzipSync(code).length;

/**
 * Opens `url` in `page` and sums the gzipped JavaScript it ran before any interaction: the scripts it
 * requested until load and network idle, and its inline scripts (JSON data scripts are not code).
 */
export async function measureJsBeforeInteraction(page: Page, url: string): Promise<PageJs> {
  const files: Promise<{ name: string; gzip: number } | null>[] = [];
  const onResponse = (response: Awaited<ReturnType<Page['waitForResponse']>>) => {
    if (response.request().resourceType() !== 'script') return;
    files.push(
      response.body().then(
        (body) => ({ name: new URL(response.url()).pathname, gzip: gzipBytes(body) }),
        () => null,
      ),
    );
  };
  page.on('response', onResponse);
  try {
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    const inline = await page.$$eval('script:not([src])', (scripts) =>
      scripts
        .filter((script) => {
          const type = script.getAttribute('type')?.toLowerCase();
          return !type || type === 'module' || type === 'text/javascript';
        })
        .map((script) => script.textContent ?? ''),
    );
    const parts = (await Promise.all(files)).filter((part): part is { name: string; gzip: number } => part !== null);
    inline.forEach((code, index) => parts.push({ name: `inline #${index + 1}`, gzip: gzipBytes(code) }));
    parts.sort((a, b) => b.gzip - a.gzip);
    return { parts, gzip: parts.reduce((sum, part) => sum + part.gzip, 0) };
  } finally {
    page.off('response', onResponse);
  }
}

/** Logs the context in as the given member through the API (the session cookie lands in the context). */
export async function logInContext(
  context: BrowserContext,
  baseUrl: string,
  credentials: { email: string; password: string },
): Promise<void> {
  const answer = await context.request.post(`${baseUrl}/api/user.php`, {
    data: credentials,
    headers: { [CLIENT_REQUEST_HEADER]: '1' },
  });
  if (!answer.ok()) throw new Error(`logging in as ${credentials.email} failed: ${answer.status()}`);
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  const { chromium } = await import('@playwright/test');
  const { DEMO_LOGIN, option, startLocalSite } = await import('./local-site.ts');
  const givenUrl = option('url');
  const site = givenUrl
    ? { baseUrl: givenUrl.replace(/\/$/, ''), stop: async () => undefined }
    : await startLocalSite('visitor-js');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  let over = 0;
  try {
    console.log(
      `\nJavaScript before interaction, gzip, ${site.baseUrl}, ${MOBILE_VIEWPORT.width}×${MOBILE_VIEWPORT.height}; ` +
        `budget for visitor pages ${kb(VISITOR_BUDGET_BYTES)}\n`,
    );
    const width = Math.max(...PAGES.map((page) => page.name.length + page.path.length + 3));
    for (const measured of PAGES) {
      // A fresh context per page: a first visit, nothing cached, the member logged in only where meant.
      const context = await browser.newContext({ viewport: MOBILE_VIEWPORT });
      if (!measured.visitor) await logInContext(context, site.baseUrl, DEMO_LOGIN);
      const page = await context.newPage();
      const js = await measureJsBeforeInteraction(page, `${site.baseUrl}${measured.path}`);
      await context.close();
      const within = js.gzip <= VISITOR_BUDGET_BYTES;
      if (measured.visitor && !within) over += 1;
      const mark = measured.visitor ? (within ? '✓' : '✗') : ' ';
      const label = `${measured.name} (${measured.path})`;
      console.log(`${mark} ${label.padEnd(width)}  ${kb(js.gzip).padStart(8)}  ${js.parts.length} scripts`);
      if (process.argv.includes('--verbose')) {
        for (const part of js.parts) console.log(`      ${kb(part.gzip).padStart(8)}  ${part.name}`);
      }
    }
  } finally {
    await browser.close();
    await site.stop();
  }
  console.log(over ? `\n${over} visitor page(s) over the budget` : `\nevery visitor page is within the budget`);
  process.exitCode = over ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
