import { mkdtemp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPlainAstro, writePlainAstroProject } from './plain-astro.ts';

// Astro needs the project inside a folder it can resolve its own packages from: the project's cache.
const CACHE = path.join(import.meta.dirname, '..', 'node_modules', '.cache');
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(CACHE, 'plain-astro-test-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the weighted plain Astro reference of bench/build-scale.ts', () => {
  it('builds routes × languages + extra pages of about the asked weight, made of an inlined style, a JSON block and markup', async () => {
    const project = path.join(dir, 'weighted');
    await writePlainAstroProject({ dir: project, routes: 2, languages: 3, extra: 1, pageBytes: 100_000 });
    const built = await buildPlainAstro(project);
    expect(built.pages).toBe(7);
    // Within a tenth of the weight asked: the bench compares builds of pages of the same size.
    expect(built.bytes / built.pages).toBeGreaterThan(90_000);
    expect(built.bytes / built.pages).toBeLessThan(110_000);
    const html = await readFile(path.join(project, 'dist', 'lang1', 'route-1', 'index.html'), 'utf8');
    expect(html.match(/<style>[^<]{40000,}<\/style>/)).not.toBeNull();
    const json = /<script type="application\/json" id="strings">([^<]+)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(json ?? 'null')).toMatchObject({ lang: 'lang1' });
    // Text outside Latin-1, as a site's copy has.
    expect(html).toContain('“today”');
  }, 120_000);

  it('leaves the plain reference as it was: pages under a kilobyte', async () => {
    const project = path.join(dir, 'plain');
    await writePlainAstroProject({ dir: project, routes: 2, languages: 2, extra: 0 });
    const built = await buildPlainAstro(project);
    expect(built.pages).toBe(4);
    expect(built.bytes / built.pages).toBeLessThan(1024);
  }, 120_000);
});
