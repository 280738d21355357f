import { spawnSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CLI, ROOT } from '../../../server/test/cli-process.ts';

/**
 * `datekit validate --format json|github` run as CI runs it: the real process, in a checkout of its
 * own (a temporary folder with `brands/` and `niches/`), reading what it prints and its exit code.
 */

// Each problem sits on a line of its own, so that a position off by a line or a column shows.
const BROKEN_BRAND = [
  '# Broken on purpose.', // 1
  'name: Broken Flirt', // 2
  'domain: broken.example', // 3
  'domain_language: nl', // 4
  'index_title: Broken Flirt – test brand', // 5
  'description: A brand file used by the datekit tests.', // 6
  'countries: [NL]', // 7
  'niche: 9', // 8: no such niche; the message has ":" and "," and an example (a second line)
  'support_phone: +31 85 000 00 00', // 9
  'support_email: support@broken.example', // 10
  'credit_bundles:', // 11
  '  - id: starter', // 12
  '    credits: fifty', // 13: a wrong type, deep in the file
  '    prices: { EUR: 19.95 }', // 14
  'company:', // 15: lacks kvk, so the problem points at this mapping's first key
  '  name: Broken Media B.V.', // 16
  '  address: Teststraat 1', // 17
  '  city: 1234 AB Teststad', // 18
  '  colour: blue', // 19: a key the schema does not know
  '  country: NL', // 20
  '  support_phone: +31 85 000 00 00', // 21
  '  added: 2024-01-01', // 22
  '',
].join('\n');

// Each test starts the CLI (tsx compiling on a shared machine): seconds, not milliseconds.
const PROCESS_TIMEOUT = 60_000;

let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'datekit-validate-'));
  await checkout('valid', { 'fixture.example.yaml': await fixture('fixture.example.yaml') });
  await checkout('broken', { 'broken.example.yaml': BROKEN_BRAND });
  // Valid, with a payment method that its scheme discontinued: a warning, placed at that method.
  const warned = (await fixture('fixture.example.yaml')).replace(
    'niche: default\n',
    'niche: default\npayment_methods: [creditcard, giropay]\n',
  );
  await checkout('warned', { 'fixture.example.yaml': warned });
  // A niche copy with a wrong type: niche files are located the same way, with no brand.
  const she = path.join(root, 'broken/niches/she.yaml');
  await writeFile(she, (await readFile(she, 'utf8')).replace('min_age: 18', 'min_age: young'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('--format json', { timeout: PROCESS_TIMEOUT }, () => {
  test('names the file, line and column of every problem, and exits 1', () => {
    const { status, stdout } = validate('broken', 'json');
    expect(status).toBe(1);
    const report = JSON.parse(stdout) as { ok: boolean; problems: Record<string, unknown>[] };
    expect(report.ok).toBe(false);
    const where = report.problems.map(({ file, line, column, path, brand }) => ({ file, line, column, path, brand }));
    expect(where).toEqual([
      { file: 'brands/broken.example.yaml', line: 8, column: 8, path: 'niche', brand: 'broken.example' },
      {
        file: 'brands/broken.example.yaml',
        line: 13,
        column: 14,
        path: 'credit_bundles[0].credits',
        brand: 'broken.example',
      },
      { file: 'brands/broken.example.yaml', line: 16, column: 3, path: 'company.kvk', brand: 'broken.example' },
      { file: 'brands/broken.example.yaml', line: 19, column: 3, path: 'company.colour', brand: 'broken.example' },
      { file: 'niches/she.yaml', line: 6, column: 12, path: 'search_defaults.min_age', brand: null },
    ]);
    expect(report.problems[1]).toMatchObject({
      message: 'must be a number, not the text "fifty"',
      example: 'credits: 50',
    });
    expect(report.problems[2]).toMatchObject({ message: 'missing; this field is required' });
    expect(report.problems[3]?.['message']).toMatch(/^unknown field "colour"/);
  });

  test('a valid checkout gives ok and no problems, and exits 0', () => {
    const { status, stdout, stderr } = validate('valid', 'json');
    expect({ status, stderr }).toEqual({ status: 0, stderr: '' });
    expect(JSON.parse(stdout)).toEqual({ ok: true, problems: [], warnings: [] });
  });

  test('a warning is placed at the value it warns of and does not fail the run', () => {
    const { status, stdout } = validate('warned', 'json');
    expect(status).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({
      ok: true,
      problems: [],
      warnings: [
        {
          file: 'brands/fixture.example.yaml',
          line: 9,
          column: 31, // at "giropay" in the list
          path: 'payment_methods',
          message: '"giropay" was discontinued by its scheme in 2024; it is accepted but never offered',
          brand: 'fixture.example',
        },
      ],
    });
  });
});

describe('--format github', { timeout: PROCESS_TIMEOUT }, () => {
  test('prints one ::error workflow command per problem, escaped as GitHub reads them, and exits 1', () => {
    const { status, stdout } = validate('broken', 'github');
    expect(status).toBe(1);
    const lines = stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(5);
    // The message has ", " and ": " (kept: only properties escape them) and an example on a second line (%0A).
    expect(lines[0]).toBe(
      '::error file=brands/broken.example.yaml,line=8,col=8,title=niche::there is no niche 9; use an id or slug: ' +
        '1 (default), 2 (she), 3 (bdsm), 4 (bbw), 5 (gilf), 6 (milf), 7 (gay)%0Aexample: niche: milf',
    );
    expect(lines[1]).toBe(
      '::error file=brands/broken.example.yaml,line=13,col=14,title=credit_bundles[0].credits::' +
        'must be a number, not the text "fifty"%0Aexample: credits: 50',
    );
    expect(lines[4]).toMatch(/^::error file=niches\/she\.yaml,line=6,col=12,title=search_defaults\.min_age::/);
  });

  test('a valid checkout prints nothing and exits 0', () => {
    expect(validate('valid', 'github')).toMatchObject({ status: 0, stdout: '', stderr: '' });
  });
});

test('an unknown format is refused with exit code 2', { timeout: PROCESS_TIMEOUT }, () => {
  const { status, stdout, stderr } = validate('valid', 'xml');
  expect(status).toBe(2);
  expect(stdout).toBe('');
  expect(stderr).toContain('datekit validate: unknown format "xml"; use one of: text, json, github');
});

/** A checkout: `brands/` with the given files and a copy of this repository's `niches/`. */
async function checkout(name: string, brands: Record<string, string>) {
  await mkdir(path.join(root, name, 'brands'), { recursive: true });
  for (const [file, text] of Object.entries(brands)) await writeFile(path.join(root, name, 'brands', file), text);
  await cp(path.join(ROOT, 'niches'), path.join(root, name, 'niches'), { recursive: true });
}

function fixture(file: string): Promise<string> {
  return readFile(path.join(ROOT, 'packages/brand-config/test-fixtures/brands/valid', file), 'utf8');
}

/** Runs `datekit validate --format <format>` in the checkout, as a CI step does from the repository's root. */
function validate(name: string, format: string) {
  const cwd = path.join(root, name);
  const env = {
    ...process.env,
    DATEKIT_BRANDS_DIR: path.join(cwd, 'brands'),
    DATEKIT_NICHES_DIR: path.join(cwd, 'niches'),
  };
  const { status, stdout, stderr } = spawnSync(process.execPath, [CLI, 'validate', '--format', format], {
    cwd,
    env,
    encoding: 'utf8',
  });
  return { status, stdout, stderr };
}
