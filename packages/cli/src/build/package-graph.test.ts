import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { ROOT } from '../paths.ts';

/**
 * Which part of the repository imports which, read from the sources (a small dependency-cruiser). The
 * build once had a cycle: the CLI's Astro build imported the site's integration, which imported the
 * CLI's brand loader. Brand and niche loading now live in `packages/brand-config`, which both import;
 * these tests fail when an import brings a cycle back.
 */
const PARTS = {
  runtime: 'packages/runtime',
  'brand-config': 'packages/brand-config',
  server: 'packages/server',
  cli: 'packages/cli',
  site: 'src',
} as const;
type Part = keyof typeof PARTS;

/** What each part may import besides itself: the layers, bottom up. */
const ALLOWED: Record<Part, readonly Part[]> = {
  runtime: [],
  'brand-config': ['runtime'],
  server: ['runtime'],
  site: ['runtime', 'brand-config'],
  cli: ['runtime', 'brand-config', 'server', 'site'],
};

const SOURCE = /\.(ts|tsx|mjs|astro)$/;
// `from '…'`, `import '…'` and `import('…')`, static or dynamic.
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g;

function partOfFile(file: string): Part | undefined {
  const relative = path.relative(ROOT, file).split(path.sep).join('/');
  return (Object.keys(PARTS) as Part[]).find((part) => relative.startsWith(`${PARTS[part]}/`));
}

function partOfSpecifier(file: string, specifier: string): Part | undefined {
  if (specifier.startsWith('.')) return partOfFile(path.resolve(path.dirname(file), specifier));
  const match = /^@datekit\/([^/]+)/.exec(specifier);
  return match ? (Object.keys(PARTS) as Part[]).find((part) => part === match[1]) : undefined;
}

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourcesUnder(file);
    return entry.isFile() && SOURCE.test(entry.name) ? [file] : [];
  });
}

/** Every import from one part into another, as `part → part: file imports specifier`. */
function crossings(): { from: Part; to: Part; where: string }[] {
  return Object.values(PARTS).flatMap((dir) =>
    sourcesUnder(path.join(ROOT, dir)).flatMap((file) => {
      const from = partOfFile(file)!;
      return [...readFileSync(file, 'utf8').matchAll(SPECIFIER)].flatMap(([, specifier]) => {
        const to = partOfSpecifier(file, specifier!);
        return to && to !== from ? [{ from, to, where: `${path.relative(ROOT, file)} imports ${specifier}` }] : [];
      });
    }),
  );
}

// Reads every source file of the repository: seconds when the machine is busy.
test('each part imports only the parts below it, so the parts have no cycle', { timeout: 30_000 }, () => {
  const found = crossings();
  // The scan sees the imports it must judge (guards against a pattern that silently matches nothing).
  expect(found.some((c) => c.from === 'site' && c.to === 'brand-config')).toBe(true);
  expect(found.some((c) => c.from === 'cli' && c.to === 'site')).toBe(true);
  expect(found.filter((c) => !ALLOWED[c.from].includes(c.to)).map((c) => `${c.from} → ${c.to}: ${c.where}`)).toEqual(
    [],
  );
});

test('the allowed imports themselves form no cycle', () => {
  const visiting = new Set<Part>();
  const reaches = (part: Part, target: Part): boolean =>
    ALLOWED[part].some(
      (next) => next === target || (!visiting.has(next) && (visiting.add(next), reaches(next, target))),
    );
  for (const part of Object.keys(ALLOWED) as Part[]) {
    visiting.clear();
    expect(reaches(part, part), `${part} reaches itself`).toBe(false);
  }
});

test('an import of the CLI from the site is found', () => {
  const file = path.join(ROOT, 'src/integration/index.ts');
  expect(partOfSpecifier(file, '../../packages/cli/src/brand/load.ts')).toBe('cli');
  expect(partOfSpecifier(file, '@datekit/cli')).toBe('cli');
  expect(ALLOWED.site).not.toContain('cli');
});
