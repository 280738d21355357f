import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ROUTES } from '@datekit/runtime';

/**
 * `<link rel="modulepreload">` for every module a page runs as soon as it loads, written into the
 * page's head (issue 13). Without them a browser finds a page's code one level at a time: the module
 * scripts, then the chunks they import, then the chunks those import; and an island's component and
 * renderer only once Astro's island script runs, at the end of the body. On a phone each level is a
 * round trip, and the members' search shows its first pictures only after the last one.
 *
 * What loads at once: the page's module scripts and the islands that hydrate without waiting for
 * anything the member does (`client:load`, `client:idle`; on pages only members are served, the
 * `client:member` islands too), with every chunk they import statically, transitively. Islands that
 * wait for a press, for visibility, or for a logged-in member on a page visitors see, and chunks
 * imported dynamically, are left out: preloading them would make a visitor's page load code it does
 * not run. So a page loads exactly the modules it loaded before, only sooner.
 */

/** Directives whose islands hydrate on load, whoever looks at the page. */
const EAGER_DIRECTIVES = new Set(['load', 'idle']);
/** Directives whose islands hydrate on load on a page only members see (`client:member`). */
const MEMBER_DIRECTIVES = new Set([...EAGER_DIRECTIVES, 'member']);
/** The route a page renders, from `<body data-route="…">` (BaseLayout). */
const PAGE_ROUTE = /<body\b[^>]*\sdata-route="([^"]*)"/;

const MODULE_SCRIPT = /<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"[^>]*>/g;
const ISLAND = /<astro-island\b[^>]*>/g;
/**
 * The static imports of a chunk Vite wrote (`import{a as b}from"./x.js"`, `import"./x.js"`,
 * `export{c}from"./x.js"`), never `import("./x.js")`. Vite minifies, so no space need separate them.
 */
const STATIC_IMPORT = /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
}

/**
 * The modules a page runs on load, as the URLs its HTML names (`/_astro/…`). `membersOnly` tells the
 * routes the server answers only with a session (a visitor is sent to the login page): there the
 * islands for members (`client:member`) hydrate on load too.
 */
export function eagerEntries(html: string, membersOnly: (route: string) => boolean = () => false): string[] {
  const route = PAGE_ROUTE.exec(html)?.[1];
  const directives = route !== undefined && membersOnly(route) ? MEMBER_DIRECTIVES : EAGER_DIRECTIVES;
  const entries = new Set<string>();
  for (const match of html.matchAll(MODULE_SCRIPT)) entries.add(match[1]!);
  for (const [tag] of html.matchAll(ISLAND)) {
    if (!directives.has(attribute(tag, 'client') ?? '')) continue;
    for (const name of ['renderer-url', 'component-url']) {
      const url = attribute(tag, name);
      if (url) entries.add(url);
    }
  }
  return [...entries];
}

/** The chunks a chunk's code imports statically, as paths relative to it. */
export function staticImports(code: string): string[] {
  return [...new Set([...code.matchAll(STATIC_IMPORT)].map((match) => match[1]!))];
}

/**
 * Reads the built chunks under `/_astro/` (the site's `assetsDir`) and answers, per entry URL, the URLs
 * of the chunks it imports statically, transitively. One instance per build: each chunk is read once.
 */
export class ModuleGraph {
  private readonly imports = new Map<string, Promise<string[]>>();

  constructor(
    private readonly assetsDir: string,
    private readonly assetsUrl = '/_astro/',
  ) {}

  private direct(url: string): Promise<string[]> {
    let found = this.imports.get(url);
    if (!found) {
      found = this.read(url);
      this.imports.set(url, found);
    }
    return found;
  }

  private async read(url: string): Promise<string[]> {
    if (!url.startsWith(this.assetsUrl)) return [];
    const file = path.join(this.assetsDir, url.slice(this.assetsUrl.length));
    let code: string;
    try {
      code = await readFile(file, 'utf8');
    } catch {
      // Not one of the site's chunks (a script served from elsewhere): nothing to follow.
      return [];
    }
    return staticImports(code).map((relative) => new URL(relative, new URL(url, 'http://site')).pathname);
  }

  /** `entries` and everything they import statically, entries first, each once. */
  async closure(entries: readonly string[]): Promise<string[]> {
    const seen = new Set<string>();
    const queue = [...entries];
    while (queue.length > 0) {
      const url = queue.shift()!;
      if (seen.has(url)) continue;
      seen.add(url);
      queue.push(...(await this.direct(url)));
    }
    return [...seen];
  }
}

/** `html` with a modulepreload link, before `</head>`, for each module it runs on load and does not link yet. */
export async function withModulePreloads(
  html: string,
  graph: ModuleGraph,
  membersOnly?: (route: string) => boolean,
): Promise<string> {
  const head = html.indexOf('</head>');
  if (head < 0) return html;
  const modules = await graph.closure(eagerEntries(html, membersOnly));
  const links = modules
    .filter((url) => !html.includes(`<link rel="modulepreload" href="${url}"`))
    .map((url) => `<link rel="modulepreload" href="${url}">`)
    .join('');
  return links ? html.slice(0, head) + links + html.slice(head) : html;
}

const MEMBERS_ONLY_ROUTES = new Set(ROUTES.filter((route) => route.auth).map((route) => route.name));

function membersOnlyRoute(route: string): boolean {
  return MEMBERS_ONLY_ROUTES.has(route);
}

/** Adds the modulepreload links to every page of a language directory (see `withModulePreloads`). */
export async function addModulePreloads(
  langDir: string,
  pages: readonly string[],
  assetsDir: string,
  graph = new ModuleGraph(assetsDir),
): Promise<void> {
  for (const page of pages) {
    const file = path.join(langDir, page);
    const html = await readFile(file, 'utf8');
    const updated = await withModulePreloads(html, graph, membersOnlyRoute);
    if (updated !== html) await writeFile(file, updated);
  }
}
