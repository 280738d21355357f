/**
 * Build speed at scale: 50 brands × 4 languages made from the demo brands (other domains, names,
 * colours and niches), written to a scratch directory (never brands/ or dist/). Measures, as
 * `datekit build` runs them:
 *   1. a cold build of every brand (pages per second; goal ≥ 200),
 *   2. the reference: a minimal Astro project with as many pages (routes × language versions), built
 *      by the same `astro` binary (bench/plain-astro.ts), measured the same way; the goal is a cold
 *      build at ≥ 50 % of its pages per CPU-second (issue 28). Its pages weigh under 1 KB, a datekit
 *      page about 110 KB (≈ 49 KB inlined styles, ≈ 40 KB inlined translations for the islands, the
 *      rest markup), and an Astro build's cost per page grows with the page's bytes: every page is
 *      built as a string, encoded, copied into a response and written. So the same project is built a
 *      second time with pages of datekit's average weight, made of the same parts (an inlined
 *      stylesheet, a JSON block serialized once per language, markup with typographic characters),
 *      and printed beside the first: the first says what datekit costs over an empty page, the second
 *      what it costs over a page of the same size (its islands' React rendering, its layouts, its
 *      finishing), which is the part its own code decides,
 *   3. a rebuild after one brand file changed (seconds; only that brand is rendered),
 *   4. a rebuild with nothing changed (seconds; no Astro run at all).
 * CPU seconds include the child processes (render workers, the `astro` child): unlike wall seconds,
 * other work on the machine hardly changes them. The machine's load average is printed beside each figure.
 * Started through tsx (`npx tsx bench/build-scale.ts`), the bench runs itself again on plain Node, as
 * `datekit build` and the reference's `astro` child run: a build of a few brands renders in this
 * process, and under tsx every module Astro, Vite and the rendered bundle load went through tsx's
 * loader hooks and source maps, a cost neither `datekit build` nor the reference pays.
 * Usage: npx tsx bench/build-scale.ts [--brands 50] [--workers N] [--no-reference] [--verify] [--keep]
 *   --brands N      brands to make, 4 language versions each (default 50, the issue's scale).
 *   --no-reference  skips the plain Astro builds.
 *   --verify        also builds the changed brand cold and compares it file by file with the rebuilt one.
 *   --keep          leaves the scratch directory (brands, dist, the plain project) for a look.
 */
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parse, stringify } from 'yaml';
import { BRANDS_DIR, formatProblem, loadBrands } from '@datekit/brand-config';
import { buildBrands, type BuildResult } from '../packages/cli/src/build/build-brands.ts';
import { ROOT } from '../packages/cli/src/paths.ts';
import { buildPlainAstro, cpuSecondsWithChildren, htmlPages, writePlainAstroProject } from './plain-astro.ts';
import { rerunOnPlainNode } from './plain-node.ts';

// A build of few language versions renders in the process that runs it: on plain Node, as under
// `datekit build`, not through tsx's loader hooks (see plain-node.ts).
rerunOnPlainNode(import.meta.filename);

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const BRAND_COUNT = Number(option('brands') ?? 50);
const WORKERS = option('workers') ? Number(option('workers')) : undefined;
const VERIFY = args.includes('--verify');
const KEEP = args.includes('--keep');
const REFERENCE = !args.includes('--no-reference');

/** Each demo brand with four languages its countries may show. */
const BASES: { file: string; languages: string[] }[] = [
  { file: 'localhost.yaml', languages: ['en', 'nl', 'de', 'fr'] },
  { file: 'flirtnord.dk.yaml', languages: ['da', 'en', 'sv', 'nb'] },
  { file: 'reifeliebe.de.yaml', languages: ['de', 'fr', 'it', 'en'] },
];
const NICHES = ['default', 'she', 'milf', 'gay', 'bbw', 'bdsm', 'gilf'];
const WORDS = ['Amber', 'Nova', 'Lumen', 'Harbor', 'Velvet', 'Cedar', 'Coral', 'Ember', 'Fjord', 'Meadow'];

// The render workers start as under `datekit build` (bin/datekit.mjs): with Node's compile cache.
process.env.NODE_COMPILE_CACHE ??= path.join(os.tmpdir(), 'node-compile-cache');

// Inside the project: Astro's output must lie under the root, and renames stay on one file system.
const scratch = path.join(ROOT, 'node_modules', '.cache', `datekit-build-scale-${process.pid}`);
const brandsDir = path.join(scratch, 'brands');
const distDir = path.join(scratch, 'dist');

const load = () =>
  `load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;

/** A brand file made from a demo brand: own domain, name, colour, niche; assets stay in brands/assets/. */
function makeBrand(i: number, base: (typeof BASES)[number], source: Record<string, unknown>): Record<string, unknown> {
  const name = `${WORDS[i % WORDS.length]} ${WORDS[Math.floor(i / WORDS.length) % WORDS.length]} ${i}`;
  const domain = `scale${String(i).padStart(2, '0')}.example`;
  const hue = (i * 37) % 360;
  return {
    ...source,
    name,
    domain,
    aliases: [],
    index_title: `${name} – dating at scale`,
    description: `${name} is brand ${i} of the datekit build-scale bench.`,
    languages: base.languages,
    niche: NICHES[i % NICHES.length],
    theme: { ...(source.theme as object), primary: hslToHex(hue, 70, 42) },
    company: { ...(source.company as object), tradenames: [name] },
  };
}

function hslToHex(h: number, s: number, l: number): string {
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    const c = l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(c * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}

async function writeBrands(): Promise<string[]> {
  await mkdir(brandsDir, { recursive: true });
  // The logos the brands name are checked beside their files; the site reads them from brands/assets/.
  await cp(path.join(BRANDS_DIR, 'assets'), path.join(brandsDir, 'assets'), { recursive: true });
  const sources = await Promise.all(
    BASES.map(async (b) => parse(await readFile(path.join(BRANDS_DIR, b.file), 'utf8')) as Record<string, unknown>),
  );
  const domains: string[] = [];
  for (let i = 0; i < BRAND_COUNT; i++) {
    const base = BASES[i % BASES.length]!;
    const brand = makeBrand(i, base, sources[i % BASES.length]!);
    await writeFile(path.join(brandsDir, `${brand.domain as string}.yaml`), stringify(brand));
    domains.push(brand.domain as string);
  }
  return domains;
}

async function loadScratchBrands() {
  const { brands, problems } = await loadBrands({ dir: brandsDir });
  if (problems.length > 0) {
    for (const problem of problems.slice(0, 20)) console.error(formatProblem(problem));
    process.exit(1);
  }
  return brands;
}

/**
 * A build's result, with an estimate of its seconds on an idle machine (see `idleSeconds`) and the CPU
 * seconds of this process and its children while it ran.
 */
type Measured = BuildResult & { idleSeconds: number; cpuSeconds: number };

async function build(label: string): Promise<Measured> {
  const brands = await loadScratchBrands();
  const cpuBefore = process.cpuUsage();
  const cpuWithChildren = cpuSecondsWithChildren();
  const result = await buildBrands({
    brands,
    complete: true,
    distDir,
    logLevel: 'error',
    ...(WORKERS ? { workers: WORKERS } : {}),
  });
  const rate = result.seconds > 0 ? result.pages / result.seconds : 0;
  const mb = (result.maxRss / 1024 / 1024).toFixed(0);
  // CPU seconds do not grow with other work on the machine, wall seconds do. On an idle machine the
  // build would take about its workers' CPU time split between them, plus this process's own (hashing,
  // installing into dist/, which follow the rendering).
  const usage = process.cpuUsage(cpuBefore);
  const cpuSeconds = cpuSecondsWithChildren() - cpuWithChildren;
  const mainCpu = (usage.user + usage.system) / 1e6;
  // One share renders in this process: its CPU time is already in this process's.
  const idleSeconds = (result.workers > 1 ? result.renderCpuSeconds / result.workers : 0) + mainCpu;
  const perCpu = result.renderCpuSeconds > 0 ? result.pages / result.renderCpuSeconds : 0;
  console.log(
    `${label.padEnd(28)} ${result.seconds.toFixed(2).padStart(7)} s  ${String(result.pages).padStart(6)} pages rendered  ${rate.toFixed(1).padStart(6)} pages/s  ` +
      `${result.rebuilt} rebuilt / ${result.skipped} kept  ${result.workers} workers  peak ${mb} MB per worker  ` +
      `render CPU ${result.renderCpuSeconds.toFixed(0)} s (${perCpu.toFixed(0)} pages per CPU second), this process ${mainCpu.toFixed(1)} s CPU, ` +
      `≈ ${idleSeconds.toFixed(1)} s on an idle machine  (${load()})`,
  );
  return { ...result, idleSeconds, cpuSeconds };
}

/** Wall and CPU seconds (children included) of a build of `pages` pages, with the load after it. */
interface Figures {
  pages: number;
  /** Average size of a page written, in bytes: the reference's pages are far smaller than the site's. */
  pageBytes: number;
  seconds: number;
  cpuSeconds: number;
  load: string;
}

/**
 * The plain Astro project with the cold build's page count, built and measured like it; with
 * `pageBytes`, its pages weigh about that much each (see the header).
 */
async function plainAstro(pages: number, languages: number, pageBytes?: number): Promise<Figures> {
  const dir = path.join(scratch, pageBytes === undefined ? 'plain-astro' : 'plain-astro-weighted');
  await writePlainAstroProject({
    dir,
    routes: Math.floor(pages / languages),
    languages,
    extra: pages % languages,
    ...(pageBytes === undefined ? {} : { pageBytes }),
  });
  const started = performance.now();
  const cpuBefore = cpuSecondsWithChildren();
  const built = await buildPlainAstro(dir);
  const figures = {
    pages: built.pages,
    pageBytes: built.bytes / built.pages,
    seconds: (performance.now() - started) / 1000,
    cpuSeconds: cpuSecondsWithChildren() - cpuBefore,
    load: load(),
  };
  if (built.pages !== pages) throw new Error(`the plain Astro project built ${built.pages} pages, not ${pages}`);
  return figures;
}

/** `datekit, cold   85.2 s  20012 pages  235 pages/s  312.0 CPU s  64 pages per CPU-second  48.1 KB a page  (load …)` */
function figuresLine(label: string, f: Figures): string {
  return (
    `${label.padEnd(28)} ${f.seconds.toFixed(1).padStart(7)} s  ${String(f.pages).padStart(6)} pages  ` +
    `${(f.pages / f.seconds).toFixed(0).padStart(5)} pages/s  ${f.cpuSeconds.toFixed(1).padStart(7)} CPU s  ` +
    `${(f.pages / f.cpuSeconds).toFixed(0).padStart(5)} pages per CPU-second  ${(f.pageBytes / 1024).toFixed(1).padStart(5)} KB a page  (${f.load})`
  );
}

/** Every file under `dir` with its content, for comparing two builds. */
async function snapshot(dir: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files.set(path.relative(dir, file), await readFile(file));
  }
  return files;
}

try {
  const domains = await writeBrands();
  const brands = await loadScratchBrands();
  const languages = brands.reduce((sum, b) => sum + b.languages.length, 0);
  console.log(
    `datekit build-scale bench: ${brands.length} brands, ${languages} language versions; Node ${process.version}, ${os.availableParallelism()} CPUs, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB`,
  );
  console.log(`scratch: ${path.relative(ROOT, scratch)}\n`);

  const cold: Measured = await build('cold build, every brand');
  if (cold.rebuilt !== languages) throw new Error(`the cold build rebuilt ${cold.rebuilt} of ${languages}`);
  const coldLoad = load();
  // Every brand's pages, the console's left out as the page count leaves it out.
  const written = await Promise.all(domains.map((domain) => htmlPages(path.join(distDir, domain))));
  const coldFigures: Figures = {
    pages: cold.pages,
    pageBytes: written.reduce((sum, w) => sum + w.bytes, 0) / written.reduce((sum, w) => sum + w.pages, 0),
    seconds: cold.seconds,
    cpuSeconds: cold.cpuSeconds,
    load: coldLoad,
  };
  let reference: Figures | undefined;
  let weighted: Figures | undefined;
  const perCpu = (f: Figures) => f.pages / f.cpuSeconds;
  const percentOf = (f: Figures) => ((perCpu(coldFigures) / perCpu(f)) * 100).toFixed(0);
  if (REFERENCE) {
    reference = await plainAstro(cold.pages, languages);
    weighted = await plainAstro(cold.pages, languages, coldFigures.pageBytes);
    console.log(
      `\n${figuresLine('datekit, cold', coldFigures)}\n${figuresLine('plain Astro, same pages', reference)}\n` +
        `${figuresLine('plain Astro, same weight', weighted)}\n` +
        `datekit renders at ${percentOf(reference)} % of plain Astro's pages per CPU-second ` +
        `(${((coldFigures.pages / coldFigures.seconds / (reference.pages / reference.seconds)) * 100).toFixed(0)} % of its pages/s; goal ≥ 50 % per CPU-second), ` +
        `at ${percentOf(weighted)} % of plain Astro's with pages of the same weight\n`,
    );
  }

  // One brand file changes: its colour. Only its four language versions may be rendered.
  const changed = domains[Math.floor(domains.length / 2)]!;
  const file = path.join(brandsDir, `${changed}.yaml`);
  const brand = parse(await readFile(file, 'utf8')) as { theme: { primary: string } };
  brand.theme.primary = '#123456';
  await writeFile(file, stringify(brand));
  const one = await build(`one brand changed (${changed})`);
  const rebuiltBrands = one.brands.filter((b) => b.rendered > 0).map((b) => b.domain);
  if (rebuiltBrands.join() !== changed)
    throw new Error(`expected only ${changed} rebuilt, got ${rebuiltBrands.join()}`);

  const none = await build('nothing changed');
  if (none.rebuilt !== 0) throw new Error(`nothing changed, yet ${none.rebuilt} language versions were rebuilt`);

  if (VERIFY) {
    const incremental = await snapshot(path.join(distDir, changed));
    const coldDir = path.join(scratch, 'verify');
    const only = (await loadScratchBrands()).filter((b) => b.domain === changed);
    await buildBrands({ brands: only, complete: true, distDir: coldDir, logLevel: 'error', workers: 1 });
    const reference = await snapshot(path.join(coldDir, changed));
    const differing = [...new Set([...incremental.keys(), ...reference.keys()])].filter(
      (f) => !incremental.get(f)?.equals(reference.get(f) ?? Buffer.alloc(0)),
    );
    console.log(
      differing.length === 0
        ? `verify: ${changed} rebuilt alone is identical to a cold build of it (${reference.size} files)`
        : `verify: ${differing.length} files differ, such as ${differing.slice(0, 5).join(', ')}`,
    );
    if (differing.length) process.exitCode = 1;
  }

  console.log(
    `\nbuild-scale: cold ${(cold.pages / cold.seconds).toFixed(0)} pages/s (${cold.pages} pages in ${cold.seconds.toFixed(1)} s; goal ≥ 200), ` +
      `one brand changed ${one.seconds.toFixed(1)} s, nothing changed ${none.seconds.toFixed(2)} s; ` +
      `on an idle machine about ${(cold.pages / cold.idleSeconds).toFixed(0)} pages/s cold, ${one.idleSeconds.toFixed(1)} s for one brand (from CPU time); ` +
      `cold ${(cold.pages / cold.cpuSeconds).toFixed(0)} pages per CPU-second` +
      (reference && weighted
        ? `, plain Astro ${perCpu(reference).toFixed(0)}: ${percentOf(reference)} % (goal ≥ 50 %); ` +
          `plain Astro with pages of the same weight ${perCpu(weighted).toFixed(0)}: ${percentOf(weighted)} %`
        : '') +
      `  (${load()})`,
  );
} finally {
  if (KEEP) console.log(`kept ${scratch}`);
  else await rm(scratch, { recursive: true, force: true });
}
