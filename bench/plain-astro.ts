/**
 * The reference of bench/build-scale.ts: a minimal Astro project with as many static pages as a
 * datekit build renders (its routes × its language versions), built by the same `astro` binary in a
 * child process. What datekit's build costs beyond that is datekit's own.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * CPU seconds this process and its finished children spent so far (user and system). Children count
 * once they have exited and been waited for (the render workers, the `astro` child), so both builds
 * are measured the same way. Children's times are read from /proc (Linux); elsewhere they count as 0.
 */
export function cpuSecondsWithChildren(): number {
  const own = process.cpuUsage();
  return (own.user + own.system) / 1e6 + childrenCpuSeconds();
}

// cutime and cstime in /proc/self/stat, in clock ticks: 100 per second on Linux (USER_HZ).
function childrenCpuSeconds(): number {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // The command name (field 2) may hold spaces; the fields after its closing parenthesis do not.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return 0;
  }
}

/**
 * What a datekit page carries besides its markup, as shares of its bytes (measured on the demo brands'
 * pages, about 110 KB each: ~49 KB of inlined styles, ~40 KB of inlined translations for the islands,
 * the rest markup). The weighted reference gives its pages the same parts in the same shares.
 */
const STYLE_SHARE = 0.45;
const DATA_SHARE = 0.35;

/**
 * Copy as a site's is written: typographic quotes, dashes and ellipses (outside Latin-1, as in every
 * datekit language), so that the reference's pages are strings of the same kind for V8 to build,
 * encode and write, not ASCII only.
 */
const COPY = 'Meet someone new – “today”, not someday… Chat, like and match near you.';

/**
 * Writes a minimal Astro project into `dir`: `routes` page files under `src/pages/[lang]/`, each
 * rendered once per language of `languages` by its `getStaticPaths`, plus one page for the
 * `extra` pages left over, so that the project has exactly `routes × languages + extra` pages.
 * Each page is a layout with a title, a heading, a paragraph and a link list, like a small content page.
 *
 * With `pageBytes`, every page weighs about that many bytes, made as a datekit page is: a stylesheet
 * the build inlines into each page (`inlineStylesheets: 'always'`, as datekit's config), a JSON data
 * block serialized once per language (as datekit's translations) and a longer list of links and copy.
 */
export async function writePlainAstroProject(options: {
  dir: string;
  routes: number;
  languages: number;
  extra: number;
  pageBytes?: number;
}): Promise<void> {
  const pages = path.join(options.dir, 'src', 'pages', '[lang]');
  const layouts = path.join(options.dir, 'src', 'layouts');
  await mkdir(pages, { recursive: true });
  await mkdir(layouts, { recursive: true });
  const weighted = options.pageBytes !== undefined;
  await writeFile(
    path.join(options.dir, 'astro.config.mjs'),
    `export default { output: 'static', build: { format: 'directory'${weighted ? ", inlineStylesheets: 'always'" : ''} }, devToolbar: { enabled: false } };\n`,
  );
  await writeFile(path.join(options.dir, 'package.json'), '{ "type": "module", "private": true }\n');
  let links = 10;
  if (options.pageBytes !== undefined) {
    const data = path.join(options.dir, 'src', 'data');
    await mkdir(data, { recursive: true });
    await writeFile(path.join(data, 'site.css'), stylesheet(options.pageBytes * STYLE_SHARE));
    await writeFile(path.join(data, 'strings.json'), JSON.stringify(strings(options.pageBytes * DATA_SHARE)));
    // Serialized once per language, as datekit's inlineI18nJson does.
    await writeFile(
      path.join(data, 'strings.ts'),
      `import strings from './strings.json';
const serialized = new Map<string, string>();
export function stringsJson(lang: string): string {
  let json = serialized.get(lang);
  if (json === undefined) {
    json = JSON.stringify({ lang, strings });
    serialized.set(lang, json);
  }
  return json;
}
`,
    );
    // A link item below is about 150 bytes of HTML.
    links = Math.max(10, Math.round((options.pageBytes * (1 - STYLE_SHARE - DATA_SHARE)) / 150));
  }
  await writeFile(
    path.join(layouts, 'Page.astro'),
    weighted
      ? `---
import '../data/site.css';
import { stringsJson } from '../data/strings.ts';
const { title, lang } = Astro.props;
---
<html lang={lang}>
  <head><meta charset="utf-8"><title>{title}</title><script is:inline type="application/json" id="strings" set:html={stringsJson(lang)} /></head>
  <body><header><a href={\`/\${lang}/\`}>Home</a></header><main><slot /></main></body>
</html>
`
      : `---
const { title, lang } = Astro.props;
---
<html lang={lang}>
  <head><meta charset="utf-8"><title>{title}</title></head>
  <body><header><a href={\`/\${lang}/\`}>Home</a></header><main><slot /></main></body>
</html>
`,
  );
  const copy = weighted ? `<span class="copy">{copy}</span>` : '';
  const page = (count: number) => `---
import Page from '../../layouts/Page.astro';
export function getStaticPaths() {
  return Array.from({ length: ${count} }, (_, i) => ({ params: { lang: \`lang\${i}\` } }));
}
const { lang } = Astro.params;
const links = Array.from({ length: ${links} }, (_, i) => i);${weighted ? `\nconst copy = ${JSON.stringify(COPY)};` : ''}
---
<Page title={\`A page in \${lang}\`} lang={lang}>
  <h1>A page in {lang}</h1>
  <p>Some text of the page, the same in every language of this reference.</p>
  <ul>{links.map((i) => <li><a href={\`/\${lang}/route-\${i}/\`}>Link {i}</a>${copy}</li>)}</ul>
</Page>
`;
  for (let i = 0; i < options.routes; i++) {
    await writeFile(path.join(pages, `route-${i}.astro`), page(options.languages));
  }
  if (options.extra > 0) await writeFile(path.join(pages, 'extra.astro'), page(options.extra));
}

/** A stylesheet of about `bytes` bytes of distinct rules, which the build minifies but cannot merge away. */
function stylesheet(bytes: number): string {
  const rules: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const rule = `.c${i}{color:#${(i * 2654435761).toString(16).slice(-6).padStart(6, '0')};margin:${i % 17}px ${i % 5}px;padding:${i % 7}px}\n`;
    rules.push(rule);
    size += rule.length - 1;
  }
  return rules.join('');
}

/** Flat keys to sentences, about `bytes` bytes serialized: like a language's translations. */
function strings(bytes: number): Record<string, string> {
  const result: Record<string, string> = {};
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const key = `section${i % 40}.label_${i}`;
    result[key] = `${COPY} (${i})`;
    size += key.length + COPY.length + 12;
  }
  return result;
}

/** The HTML pages under `dir` and their size in bytes: how much each build writes per page. */
export async function htmlPages(dir: string): Promise<{ pages: number; bytes: number }> {
  const files = (await readdir(dir, { recursive: true })).filter((file) => file.endsWith('.html'));
  const sizes = await Promise.all(files.map(async (file) => (await stat(path.join(dir, file))).size));
  return { pages: files.length, bytes: sizes.reduce((a, b) => a + b, 0) };
}

/** Builds the project in `dir` with the project's own `astro` binary in a child process; answers its pages. */
export async function buildPlainAstro(dir: string): Promise<{ pages: number; bytes: number }> {
  const require = createRequire(import.meta.url);
  const astroPackage = require.resolve('astro/package.json');
  const { bin } = JSON.parse(readFileSync(astroPackage, 'utf8')) as { bin: { astro: string } };
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(path.dirname(astroPackage), bin.astro), 'build', '--silent'], {
      cwd: dir,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
    });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`astro build stopped (${signal ?? `exit code ${code}`})`)),
    );
  });
  return htmlPages(path.join(dir, 'dist'));
}
