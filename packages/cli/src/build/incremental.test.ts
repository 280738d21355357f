import { readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Brand } from '@datekit/runtime/schemas/brand';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBrands } from '@datekit/brand-config';
import { ROOT } from '../paths.ts';
import { BRAND_ARTEFACT_FILE } from './brand-artefact.ts';
import { buildBrands, type BuildBrandsOptions } from './build-brands.ts';
import { BUILD_STATE_FILE } from './build-state.ts';

/**
 * Real Astro builds of a small fixture (two demo brands, one language each, no landers): the second
 * build skips both, and a brand rebuilt alone after a change is, file for file, what a cold build of
 * every brand writes. Astro runs in a child process, as `datekit build` runs its workers.
 */
const scratch = path.join(ROOT, 'node_modules', '.cache', `datekit-incremental-test-${process.pid}`);
const distDir = path.join(scratch, 'dist');
let fixture: Brand[];

const build = (brands: readonly Brand[], dir = distDir, extra: Partial<BuildBrandsOptions> = {}) =>
  buildBrands({ brands, complete: true, distDir: dir, logLevel: 'error', isolate: true, ...extra });

async function snapshot(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files.set(path.relative(dir, file), (await readFile(file)).toString('base64'));
  }
  return files;
}

beforeAll(async () => {
  const { brands } = await loadBrands({ domains: ['localhost', 'flirtnord.dk'] });
  fixture = brands.map((brand) => ({ ...brand, languages: brand.languages.slice(0, 1), landers: [] }) as Brand);
});

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

describe('incremental datekit build', { timeout: 600_000 }, () => {
  it('skips every brand when nothing changed, and rebuilds a changed brand alone, as a cold build would', async () => {
    const cold = await build(fixture);
    expect(cold.rebuilt).toBe(2);
    expect(cold.pages).toBeGreaterThan(20);
    const routes = path.join(distDir, 'localhost', 'routes.json');
    const builtAt = (await stat(routes)).mtimeMs;

    const again = await build(fixture);
    expect({ rebuilt: again.rebuilt, skipped: again.skipped, pages: again.pages, workers: again.workers }).toEqual({
      rebuilt: 0,
      skipped: 2,
      pages: 0,
      workers: 0,
    });
    expect(again.brands.map((b) => b.pages)).toEqual(cold.brands.map((b) => b.pages));
    expect((await stat(routes)).mtimeMs).toBe(builtAt);

    const changed = fixture.map((brand) =>
      brand.domain === 'flirtnord.dk'
        ? ({ ...brand, name: 'Flirt Syd', theme: { ...brand.theme, primary: '#123456' } } as Brand)
        : brand,
    );
    const incremental = await build(changed);
    expect(incremental.brands.map((b) => [b.domain, b.rendered > 0])).toEqual([
      ['flirtnord.dk', true],
      ['localhost', false],
    ]);
    expect((await stat(routes)).mtimeMs).toBe(builtAt);
    const flirt = await readFile(path.join(distDir, 'flirtnord.dk', 'da', 'index.html'), 'utf8');
    expect(flirt).toContain('Flirt Syd');
    // The settings the pages were built from, for serve (build/brand-artefact.ts).
    const settings = await readFile(path.join(distDir, 'flirtnord.dk', BRAND_ARTEFACT_FILE), 'utf8');
    expect(JSON.parse(settings)).toEqual(changed.find((brand) => brand.domain === 'flirtnord.dk'));

    const reference = path.join(scratch, 'reference');
    await build(changed, reference, { force: true });
    const [got, want] = await Promise.all([snapshot(distDir), snapshot(reference)]);
    const differing = [...new Set([...got.keys(), ...want.keys()])].filter((file) => got.get(file) !== want.get(file));
    expect(differing).toEqual([]);
    expect(got.has(BUILD_STATE_FILE)).toBe(true);
  });
});
