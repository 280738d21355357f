import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Brand } from '@datekit/runtime/schemas/brand';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { planBuild, type BuildState } from './build-state.ts';
import { hashInputs, type InputDirs, type LanguageInputs, type LanguageKey } from './inputs.ts';

let root: string;
let dirs: InputDirs;

const brand = (domain: string, languages: string[], extra: Record<string, unknown> = {}) =>
  ({ domain, languages, name: domain, logo: `${domain}.svg`, ...extra }) as unknown as Brand;

const brands = () => [brand('a.example', ['en', 'de']), brand('b.example', ['de', 'fr'])];

async function put(file: string, content: string) {
  await mkdir(path.dirname(path.join(root, file)), { recursive: true });
  await writeFile(path.join(root, file), content);
}

/** Keys whose inputs differ between two hashings, with the parts that changed. */
function changed(before: Map<LanguageKey, LanguageInputs>, after: Map<LanguageKey, LanguageInputs>) {
  const result: Record<string, string[]> = {};
  for (const [key, inputs] of after) {
    const old = before.get(key);
    const parts = (['source', 'niches', 'brand', 'locale'] as const).filter((p) => old?.[p] !== inputs[p]);
    if (parts.length) result[key] = parts;
  }
  return result;
}

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'datekit-inputs-'));
  dirs = { root, sources: ['src', 'package-lock.json'], niches: 'niches', locales: 'locales', brandAssets: 'assets' };
  await put('src/pages/index.astro', '<h1>hi</h1>');
  await put('src/pages/index.test.ts', 'test');
  await put('package-lock.json', '{"astro":"5"}');
  await put('niches/default.yaml', 'slug: default');
  for (const lang of ['en', 'de', 'fr']) await put(`locales/${lang}/ui.json`, `{"hello":"${lang}"}`);
  await put('assets/a.example.svg', '<svg/>');
  await put('assets/b.example.svg', '<svg></svg>');
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('build inputs', () => {
  it('hashes each language version of each brand, the same from the same files', async () => {
    const first = await hashInputs(brands(), dirs);
    expect([...first.keys()]).toEqual(['a.example/en', 'a.example/de', 'b.example/de', 'b.example/fr']);
    expect(changed(first, await hashInputs(brands(), dirs))).toEqual({});
  });

  it('a changed brand changes that brand alone', async () => {
    const before = await hashInputs(brands(), dirs);
    const after = await hashInputs([brand('a.example', ['en', 'de'], { name: 'A' }), brands()[1]!], dirs);
    expect(changed(before, after)).toEqual({ 'a.example/en': ['brand'], 'a.example/de': ['brand'] });
  });

  it('a changed logo file changes the brand that shows it', async () => {
    const before = await hashInputs(brands(), dirs);
    await put('assets/b.example.svg', '<svg><path/></svg>');
    expect(changed(before, await hashInputs(brands(), dirs))).toEqual({
      'b.example/de': ['brand'],
      'b.example/fr': ['brand'],
    });
  });

  it('a changed locale changes its language in every brand; English changes all, as the fallback', async () => {
    const before = await hashInputs(brands(), dirs);
    await put('locales/de/ui.json', '{"hello":"hallo"}');
    const afterDe = await hashInputs(brands(), dirs);
    expect(changed(before, afterDe)).toEqual({ 'a.example/de': ['locale'], 'b.example/de': ['locale'] });
    await put('locales/en/pages.json', '{"new":"key"}');
    expect(Object.keys(changed(afterDe, await hashInputs(brands(), dirs)))).toHaveLength(4);
  });

  it('a changed niche or source file changes everything; a test file changes nothing', async () => {
    const before = await hashInputs(brands(), dirs);
    await put('src/pages/index.test.ts', 'another test');
    expect(changed(before, await hashInputs(brands(), dirs))).toEqual({});
    await put('niches/she.yaml', 'slug: she');
    const afterNiche = await hashInputs(brands(), dirs);
    expect(Object.values(changed(before, afterNiche))).toEqual(Array(4).fill(['niches']));
    await put('package-lock.json', '{"astro":"6"}');
    expect(Object.values(changed(afterNiche, await hashInputs(brands(), dirs)))).toEqual(Array(4).fill(['source']));
  });
});

describe('build plan', () => {
  const stateOf = (inputs: Map<LanguageKey, LanguageInputs>): BuildState => ({
    version: 1,
    languages: Object.fromEntries([...inputs].map(([key, i]) => [key, { inputs: i, pages: 10 }])),
  });
  const withOutput = async (keys: string[]) => {
    for (const key of keys) {
      await mkdir(path.join(root, 'dist', key), { recursive: true });
      await put(`dist/${key.split('/')[0]}/routes.json`, '{}');
    }
  };

  it('rebuilds what is new, changed or missing from dist/, and skips the rest', async () => {
    const before = await hashInputs(brands(), dirs);
    await withOutput(['a.example/en', 'a.example/de', 'b.example/de']);
    await put('locales/fr/ui.json', '{"hello":"salut"}');
    const inputs = await hashInputs([...brands(), brand('c.example', ['en'])], dirs);
    const plan = planBuild({ inputs, state: stateOf(before), distDir: path.join(root, 'dist') });
    expect(Object.fromEntries(plan.rebuild)).toEqual({
      'b.example/fr': ['missing output'],
      'c.example/en': ['new'],
    });
    expect([...plan.skip]).toEqual(['a.example/en', 'a.example/de', 'b.example/de']);

    await withOutput(['b.example/fr']);
    const again = planBuild({ inputs, state: stateOf(before), distDir: path.join(root, 'dist') });
    expect(again.rebuild.get('b.example/fr')).toEqual(['locale']);
  });

  it('rebuilds everything when forced', async () => {
    const inputs = await hashInputs(brands(), dirs);
    await withOutput([...inputs.keys()]);
    const plan = planBuild({ inputs, state: stateOf(inputs), distDir: path.join(root, 'dist'), force: true });
    expect([...plan.rebuild.values()]).toEqual(Array(4).fill(['forced']));
    expect(plan.skip.size).toBe(0);
  });
});
