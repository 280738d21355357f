/**
 * JavaScript a lander loads before any interaction, gzipped (issue 3: at most 20 KB). For every page
 * of the demo brand with the lander layout it counts the page's `<script>` tags — inline ones and
 * module files with everything they import statically — and the islands that hydrate on their own
 * (`client:load`, `idle`, `visible`, `media`, `only`: component and renderer with their imports). It
 * leaves out what `client:interaction` loads on the first click. Exits 1 when a page is over budget.
 *
 * Usage: npx tsx bench/lander-js.ts [--build]    (reads DATEKIT_DIST_DIR or dist/; --build builds the demo first)
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { RoutesManifest } from '@datekit/runtime/routes';

export const BUDGET_BYTES = 20 * 1024;
const DEMO = 'localhost';

export type PageScript = { inline: string } | { src: string };

/** The JavaScript `<script>` tags of a page, in order; data scripts (`application/json`) are not code. */
export function pageScripts(html: string): PageScript[] {
  const scripts: PageScript[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1]!;
    const type = /\btype=["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== 'module' && type !== 'text/javascript') continue;
    const src = /\bsrc=["']?([^"'\s>]+)/i.exec(attributes)?.[1];
    scripts.push(src ? { src } : { inline: match[2]! });
  }
  return scripts;
}

/** Islands that hydrate without an interaction: `[componentUrl, rendererUrl]` of each. */
export function eagerIslands(html: string): string[][] {
  const islands: string[][] = [];
  for (const match of html.matchAll(/<astro-island\b([^>]*)>/gi)) {
    const attribute = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(match[1]!)?.[1];
    if (attribute('client') === 'interaction') continue;
    islands.push([attribute('component-url'), attribute('renderer-url')].filter((url): url is string => !!url));
  }
  return islands;
}

/** Specifiers a module imports statically (`import … from "x"`, `import "x"`, `export … from "x"`); not `import("x")`. */
export function staticImports(code: string): string[] {
  const found = code.matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g);
  return [...new Set([...found].map((m) => m[1]!))];
}

export interface PageJs {
  /** Every file and inline script that runs before interaction, with its gzip size. */
  parts: { name: string; bytes: number; gzip: number }[];
  gzip: number;
}

/** What a page runs before interaction; `readAsset` reads a URL path such as `/_astro/x.js`. */
export function measurePage(html: string, readAsset: (urlPath: string) => string): PageJs {
  const parts: PageJs['parts'] = [];
  const seen = new Set<string>();
  const add = (name: string, code: string) => {
    parts.push({ name, bytes: Buffer.byteLength(code), gzip: gzipSync(code).length });
  };
  const follow = (urlPath: string) => {
    if (seen.has(urlPath)) return;
    seen.add(urlPath);
    const code = readAsset(urlPath);
    add(urlPath, code);
    for (const specifier of staticImports(code)) {
      if (/^(?:[a-z]+:)?\/\//i.test(specifier)) continue;
      follow(new URL(specifier, `http://x${urlPath}`).pathname);
    }
  };
  pageScripts(html).forEach((script, index) => {
    if ('inline' in script) add(`inline #${index + 1}`, script.inline);
    else follow(new URL(script.src, 'http://x/').pathname);
  });
  for (const urls of eagerIslands(html)) for (const url of urls) follow(new URL(url, 'http://x/').pathname);
  return { parts, gzip: parts.reduce((sum, part) => sum + part.gzip, 0) };
}

function main() {
  const root = path.resolve(import.meta.dirname, '..');
  const distDir = process.env.DATEKIT_DIST_DIR ? path.resolve(process.env.DATEKIT_DIST_DIR) : path.join(root, 'dist');
  const manifestFile = path.join(distDir, DEMO, 'routes.json');
  if (process.argv.includes('--build') || !existsSync(manifestFile)) {
    execFileSync(process.execPath, [path.join(root, 'packages/cli/bin/datekit.mjs'), 'build', '--brand', DEMO], {
      stdio: 'inherit',
      env: { ...process.env, DATEKIT_DIST_DIR: distDir },
    });
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as RoutesManifest;
  const lang = manifest.languages[0]!;
  const readAsset = (urlPath: string) =>
    readFileSync(
      urlPath.startsWith('/_astro/') ? path.join(distDir, urlPath) : path.join(distDir, DEMO, lang, urlPath),
      'utf8',
    );
  const landers = manifest.routes.filter((route) => route.layout === 'lander');
  if (landers.length === 0) throw new Error(`${DEMO} has no lander pages in ${manifestFile}`);

  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const width = Math.max(...landers.map((route) => route.path.length));
  console.log(`JavaScript before interaction on the landers of ${DEMO} (${lang}), gzip; budget ${kb(BUDGET_BYTES)}\n`);
  let over = 0;
  let largest: PageJs | undefined;
  for (const route of landers) {
    const html = readFileSync(path.join(distDir, DEMO, lang, route.shell), 'utf8');
    const page = measurePage(html, readAsset);
    const ok = page.gzip <= BUDGET_BYTES;
    if (!ok) over += 1;
    if (!largest || page.gzip > largest.gzip) largest = page;
    console.log(
      `${ok ? '✓' : '✗'} ${route.path.padEnd(width)}  ${kb(page.gzip).padStart(8)}  ${page.parts.length} scripts`,
    );
  }
  console.log('\nthe largest, script by script:');
  for (const part of largest!.parts) console.log(`  ${kb(part.gzip).padStart(8)}  ${part.name}`);
  console.log(over ? `\n${over} lander(s) over the budget` : `\nevery lander is within ${kb(BUDGET_BYTES)}`);
  if (over) process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
