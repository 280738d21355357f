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
 * Writes a minimal Astro project into `dir`: `routes` page files under `src/pages/[lang]/`, each
 * rendered once per language of `languages` by its `getStaticPaths`, plus one page for the
 * `extra` pages left over, so that the project has exactly `routes × languages + extra` pages.
 * Each page is a layout with a title, a heading, a paragraph and a link list, like a small content page.
 */
export async function writePlainAstroProject(options: {
  dir: string;
  routes: number;
  languages: number;
  extra: number;
}): Promise<void> {
  const pages = path.join(options.dir, 'src', 'pages', '[lang]');
  const layouts = path.join(options.dir, 'src', 'layouts');
  await mkdir(pages, { recursive: true });
  await mkdir(layouts, { recursive: true });
  await writeFile(
    path.join(options.dir, 'astro.config.mjs'),
    `export default { output: 'static', build: { format: 'directory' }, devToolbar: { enabled: false } };\n`,
  );
  await writeFile(path.join(options.dir, 'package.json'), '{ "type": "module", "private": true }\n');
  await writeFile(
    path.join(layouts, 'Page.astro'),
    `---
const { title, lang } = Astro.props;
---
<html lang={lang}>
  <head><meta charset="utf-8"><title>{title}</title></head>
  <body><header><a href={\`/\${lang}/\`}>Home</a></header><main><slot /></main></body>
</html>
`,
  );
  const page = (count: number) => `---
import Page from '../../layouts/Page.astro';
export function getStaticPaths() {
  return Array.from({ length: ${count} }, (_, i) => ({ params: { lang: \`lang\${i}\` } }));
}
const { lang } = Astro.params;
const links = Array.from({ length: 10 }, (_, i) => i);
---
<Page title={\`A page in \${lang}\`} lang={lang}>
  <h1>A page in {lang}</h1>
  <p>Some text of the page, the same in every language of this reference.</p>
  <ul>{links.map((i) => <li><a href={\`/\${lang}/route-\${i}/\`}>Link {i}</a></li>)}</ul>
</Page>
`;
  for (let i = 0; i < options.routes; i++) {
    await writeFile(path.join(pages, `route-${i}.astro`), page(options.languages));
  }
  if (options.extra > 0) await writeFile(path.join(pages, 'extra.astro'), page(options.extra));
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
