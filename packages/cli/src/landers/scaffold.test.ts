import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LANDER_VARIANTS } from '@datekit/runtime/data/landers';
import { ROOT } from '../paths.ts';
import {
  insertVariant,
  LANDER_FILES,
  LANDER_MARKER,
  LanderScaffoldError,
  listedVariants,
  scaffoldLander,
} from './scaffold.ts';
import { landerPage } from './template.ts';

/** A temporary root holding copies of the files the scaffolder reads and changes, never the real ones. */
let root: string;
const LOCALES = ['da', 'de', 'en', 'nl'];

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'datekit-new-lander-'));
  for (const file of [LANDER_FILES.variants]) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await cp(path.join(ROOT, file), path.join(root, file));
  }
  for (const lang of LOCALES) {
    await mkdir(path.join(root, 'locales', lang), { recursive: true });
    await cp(path.join(ROOT, 'locales', lang, 'landers.json'), path.join(root, 'locales', lang, 'landers.json'));
  }
  await mkdir(path.join(root, LANDER_FILES.pages, 'gallery'), { recursive: true });
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const read = (file: string) => readFile(path.join(root, file), 'utf8');

describe('scaffoldLander', () => {
  it('writes the page, the English copy and the variant list, and names the languages to translate', async () => {
    const before = { nl: await read('locales/nl/landers.json') };
    const result = await scaffoldLander(root, 'summer24');

    expect(result.translate).toEqual(['da', 'de', 'nl']);
    expect(result.keys).toEqual(['page.lander.summer24.title', 'page.lander.summer24.text']);

    const page = await read(path.join(LANDER_FILES.pages, 'summer24', '[slug].astro'));
    expect(page).toContain("return landerPaths('summer24');");
    expect(page).toContain('route="landers-summer24-slug"');

    const english = JSON.parse(await read('locales/en/landers.json')) as Record<string, string>;
    expect(Object.keys(english).slice(-2)).toEqual(result.keys);
    expect(english['page.lander.summer24.text']).toContain('{{site}}');
    expect(await read('locales/nl/landers.json')).toBe(before.nl);

    expect(listedVariants(await read(LANDER_FILES.variants)).at(-1)).toBe('summer24');
    expect(await read(LANDER_FILES.variants)).toContain(`  'video',\n  'summer24',\n  ${LANDER_MARKER}\n] as const;`);
  });

  it.each([
    ['Summer', 'upper-case'],
    ['summer-24', 'a dash'],
    ['24summer', 'a leading digit'],
    ['s', 'one letter'],
    ['', 'nothing'],
  ])('rejects %j (%s)', async (name) => {
    await expect(scaffoldLander(root, name)).rejects.toThrow(/is not a valid lander name/);
  });

  it.each(['gallery', 'tinderswipe', 'video'])('rejects the existing variant %s and changes nothing', async (name) => {
    const before = await read(LANDER_FILES.variants);
    await expect(scaffoldLander(root, name)).rejects.toThrow(`the lander "${name}" exists already`);
    expect(await read(LANDER_FILES.variants)).toBe(before);
  });

  it('rejects a name whose page folder exists', async () => {
    await mkdir(path.join(root, LANDER_FILES.pages, 'springlanding'));
    await expect(scaffoldLander(root, 'springlanding')).rejects.toBeInstanceOf(LanderScaffoldError);
  });

  it('writes nothing when the list has lost its marker', async () => {
    const english = await read('locales/en/landers.json');
    await writeFile(path.join(root, LANDER_FILES.variants), 'export const LANDER_VARIANTS = [] as const;\n');
    await expect(scaffoldLander(root, 'autumn')).rejects.toThrow(/has no ".*" line/);
    expect(await read('locales/en/landers.json')).toBe(english);
    expect(existsSync(path.join(root, LANDER_FILES.pages, 'autumn'))).toBe(false);
  });
});

describe('the list in the repository', () => {
  it('carries the marker after every variant', async () => {
    const variants = listedVariants(await readFile(path.join(ROOT, LANDER_FILES.variants), 'utf8'));
    expect(variants).toEqual([...LANDER_VARIANTS]);
  });
});

describe('insertVariant', () => {
  it('keeps the indentation of the marker', () => {
    const source = `const A = [\n    'a',\n    ${LANDER_MARKER}\n];\n`;
    expect(insertVariant(source, 'b', 'x.ts')).toBe(`const A = [\n    'a',\n    'b',\n    ${LANDER_MARKER}\n];\n`);
  });
});

describe('landerPage', () => {
  it('imports only files that exist, as seen from the page it becomes', () => {
    const pageDir = path.join(ROOT, LANDER_FILES.pages, 'anything');
    const imports = [...landerPage('anything').matchAll(/from '(\.[^']+)'/g)].map((m) => m[1]!);
    expect(imports.length).toBeGreaterThan(5);
    for (const specifier of imports) {
      expect(existsSync(path.resolve(pageDir, specifier)), specifier).toBe(true);
    }
  });
});
