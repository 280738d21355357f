import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { validateBrands } from './validate.ts';

const FIXTURES = fileURLToPath(new URL('../../../brand-config/test-fixtures/', import.meta.url));

/** Runs the command's core on fixture folders and returns what it printed, in order. */
async function run(brands: string, domains: string[] = []) {
  const lines: string[] = [];
  const ok = await validateBrands(domains, {
    brandsDir: path.join(FIXTURES, 'brands', brands),
    cwd: FIXTURES,
    log: (line) => lines.push(line),
    error: (line) => lines.push(line),
  });
  return { ok, output: lines.join('\n') };
}

test('prints a line per valid brand with its languages, then a summary', async () => {
  const { ok, output } = await run('valid');
  expect(ok).toBe(true);
  expect(output).toMatchInlineSnapshot(`
    "✓ fixture.example (en, nl)
    ✓ second.example (en, nl)
    All good: 2 brands and 7 niches valid."
  `);
});

test('prints every problem with its place and fails', async () => {
  const { ok, output } = await run('unknown-niche');
  expect(ok).toBe(false);
  expect(output).toMatchInlineSnapshot(`
    "✗ brands/unknown-niche/id.example.yaml:8:8 niche: there is no niche 9; use an id or slug: 1 (default), 2 (she), 3 (bdsm), 4 (bbw), 5 (gilf), 6 (milf), 7 (gay)
      example: niche: milf
    ✗ brands/unknown-niche/slug.example.yaml:8:8 niche: there is no niche "milff"; use an id or slug: 1 (default), 2 (she), 3 (bdsm), 4 (bbw), 5 (gilf), 6 (milf), 7 (gay); did you mean "milf"?
      example: niche: milf
    2 problems in 2 files; 0 brands and 7 niches valid."
  `);
});

test('fails when a domain asked for does not exist, still checking the others', async () => {
  const { ok, output } = await run('valid', ['second.example', 'third.example']);
  expect(ok).toBe(false);
  expect(output).toMatchInlineSnapshot(`
    "✓ second.example (en, nl)
    ✗ brands/valid/third.example.yaml:1:1 there is no brand file for "third.example"; the brands are: fixture.example, second.example
    1 problem in 1 file; 1 brand and 7 niches valid."
  `);
});
