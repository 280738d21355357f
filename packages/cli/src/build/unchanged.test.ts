import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BuildResult } from './build-brands.ts';
import { BUILD_STATE_FILE } from './build-state.ts';
import { type InputFiles, recordBuild, skipUnchanged } from './unchanged.ts';

/**
 * The shortcut of `datekit build` when no input file changed: a scratch project (sources, locales,
 * brand and niche files) and a dist/ as a build of one brand in two languages leaves it.
 */
let root: string;
let distDir: string;
let files: InputFiles;
let printed: string[];

const write = async (file: string, text: string) => {
  await mkdir(path.dirname(path.join(root, file)), { recursive: true });
  await writeFile(path.join(root, file), text);
};

/** What buildSites answers for a build of example.test in en and nl, 10 pages each. */
const result = {
  brands: [
    {
      domain: 'example.test',
      languages: [
        { lang: 'en', pages: 10, rebuilt: true },
        { lang: 'nl', pages: 10, rebuilt: true },
      ],
      pages: 20,
      rendered: 20,
      seconds: 1,
      manifest: { routes: [] },
    },
  ],
  pages: 20,
  seconds: 1,
  rebuilt: 2,
  skipped: 0,
  workers: 1,
  maxRss: 0,
  renderCpuSeconds: 1,
} as unknown as BuildResult;

const check = (brands: string[] = ['example.test'], extra: { force?: boolean } = {}) =>
  skipUnchanged({
    brands,
    distDir,
    inputs: files,
    log: (line) => printed.push(line),
    warn: (line) => printed.push(`warn:${line}`),
    ...extra,
  });

/** A build: hashes the inputs first, writes dist/ and its build state, then records. */
async function build(brands: string[] = ['example.test'], state = 'state 1') {
  const before = await check(brands, { force: true });
  if (before.skipped) throw new Error('force never skips');
  for (const lang of ['en', 'nl']) await mkdir(path.join(distDir, 'example.test', lang), { recursive: true });
  await writeFile(path.join(distDir, 'example.test', 'routes.json'), '{}');
  await writeFile(path.join(distDir, BUILD_STATE_FILE), state);
  await recordBuild({ brands, distDir, hash: before.hash, warnings: ['locales/nl/ui.json is missing'], result });
  printed = [];
}

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'datekit-unchanged-'));
  distDir = path.join(root, 'dist');
  await write('src/pages/index.astro', '<h1>hi</h1>');
  await write('locales/en/ui.json', '{"hello": "Hello"}');
  await write('brands/example.test.yaml', 'domain: example.test\n');
  await write('brands/assets/logo.svg', '<svg/>');
  await write('niches/default.yaml', 'id: default\n');
  files = {
    project: { root, sources: ['src'], niches: 'niches', locales: 'locales', brandAssets: 'brands/assets' },
    brandsDir: path.join(root, 'brands'),
    nichesDir: path.join(root, 'niches'),
  };
  printed = [];
});

afterEach(() => rm(root, { recursive: true, force: true }));

describe('an unchanged datekit build', () => {
  it('is skipped, saying what the build says when nothing changed', async () => {
    await build();
    expect(await check()).toEqual({ skipped: true });
    expect(printed.slice(0, 4)).toEqual([
      'Building 1 brand in 2 language versions…',
      'warn:  ! locales/nl/ui.json is missing',
      'Nothing changed since the last build: 2 language versions kept.',
      '  = example.test  unchanged: 20 pages kept',
    ]);
    expect(printed[4]).toMatch(
      /^Built 0 pages for 1 brand in \d+\.\d s \(0\.0 pages\/s\); 2 unchanged language versions skipped$/,
    );
  });

  it.each([
    ['a page of the site', 'src/pages/index.astro', '<h1>hello</h1>'],
    ['a translation', 'locales/en/ui.json', '{"hello": "Hi"}'],
    ['a brand file, even by a comment', 'brands/example.test.yaml', 'domain: example.test\n# new\n'],
    ['a brand file added', 'brands/other.test.yaml', 'domain: other.test\n'],
    ['a brand asset', 'brands/assets/logo.svg', '<svg></svg>'],
    ['a niche file', 'niches/default.yaml', 'id: default\nmin_age: 21\n'],
  ])('goes the whole way when %s changed', async (_what, file, text) => {
    await build();
    await write(file, text);
    expect(await check()).toMatchObject({ skipped: false });
    expect(printed).toEqual([]);
  });

  it('goes the whole way with --force, for other brands, or when the output is not as that build left it', async () => {
    await build();
    expect(await check(['example.test'], { force: true })).toMatchObject({ skipped: false });
    expect(await check([])).toMatchObject({ skipped: false });

    await rm(path.join(distDir, 'example.test', 'nl'), { recursive: true });
    expect(await check()).toMatchObject({ skipped: false });

    await build();
    // Another build (of other brands, the demo's) rendered since: its state is not this build's.
    await writeFile(path.join(distDir, BUILD_STATE_FILE), 'state 2');
    expect(await check()).toMatchObject({ skipped: false });
    expect(printed).toEqual([]);
  });
});
