import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startedThroughTsx } from './plain-node.ts';

const ROOT = path.join(import.meta.dirname, '..');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'datekit-plain-node-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('rerunOnPlainNode', () => {
  it('recognises the loader tsx passes to Node, and nothing else', () => {
    expect(
      startedThroughTsx([
        '--require',
        '/p/node_modules/tsx/dist/preflight.cjs',
        '--import',
        'file:///p/node_modules/tsx/dist/loader.mjs',
      ]),
    ).toBe(true);
    expect(startedThroughTsx([])).toBe(false);
    expect(startedThroughTsx(['--max-semi-space-size=48', '--cpu-prof'])).toBe(false);
  });

  it('started through tsx, the script runs again on plain Node with its arguments and exit code', () => {
    const script = path.join(scratch, 'probe.ts');
    writeFileSync(
      script,
      `import { rerunOnPlainNode } from ${JSON.stringify(path.join(ROOT, 'bench', 'plain-node.ts'))};\n` +
        `rerunOnPlainNode(import.meta.filename);\n` +
        `const n: number = 1;\n` +
        `console.log(JSON.stringify({ execArgv: process.execArgv, args: process.argv.slice(2), n }));\n`,
    );
    const tsx = path.join(ROOT, 'node_modules', '.bin', 'tsx');
    const out = execFileSync(tsx, [script, '--brands', '2'], { encoding: 'utf8' });
    // One line: the tsx process printed nothing of its own, the plain child ran the script.
    expect(out.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(out)).toEqual({ execArgv: [], args: ['--brands', '2'], n: 1 });
    // The child's failure is the bench's failure.
    writeFileSync(script, `${readFileSync(script, 'utf8')}process.exitCode = 3;\n`);
    expect(() => execFileSync(tsx, [script], { stdio: 'ignore' })).toThrow(expect.objectContaining({ status: 3 }));
  }, 60_000);
});
