import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI, ROOT } from '../../../server/test/cli-process.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-postbacks-cli-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** `datekit postbacks …` as a marketer runs it (each run starts the CLI: some seconds), against a database of its own (SQLite in a temporary folder). */
function datekit(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [CLI, 'postbacks', ...args], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATEKIT_VAR_DIR: dir,
      LOG_LEVEL: 'silent',
      POSTBACK_ENDPOINT_ALLOWLIST: 'http://127.0.0.1:9',
    },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

describe('datekit postbacks', () => {
  it('adds, lists and removes configs, and refuses a bad template with the translated reason', async () => {
    const url = 'http://127.0.0.1:9/pb?e={event}&s={sub1}&c={conversion_id}';
    const added = await datekit(
      'add',
      '--brand',
      'localhost',
      '--network',
      'exo',
      '--events',
      'soi,doi,sale',
      '--url',
      url,
    );
    expect(added.stderr).toBe('');
    expect(added.stdout).toMatch(/^Added postback (\d+): localhost exo soi,doi,sale\n$/);
    const id = /postback (\d+)/.exec(added.stdout)![1]!;
    const other = await datekit(
      'add',
      '--brand',
      'localhost',
      '--network',
      'pops',
      '--events',
      'sale',
      '--url',
      url,
      '--hold',
      'off',
    );
    expect(other.code).toBe(0);

    const listed = await datekit('list', '--brand', 'localhost');
    expect(listed.stdout.trim().split('\n')).toEqual([
      `${id}\tlocalhost\texo\tsoi,doi,sale\thold on\t${url}`,
      expect.stringMatching(/^\d+\tlocalhost\tpops\tsale\thold off\t/),
    ]);

    const bad = await datekit(
      'add',
      '--brand',
      'localhost',
      '--network',
      'exo',
      '--events',
      'soi',
      '--url',
      'https://127.0.0.1/pb?id={member_id}',
    );
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('Unknown placeholder {member_id}');
    const private_ = await datekit(
      'add',
      '--brand',
      'localhost',
      '--network',
      'exo',
      '--events',
      'soi',
      '--url',
      'https://10.0.0.1/pb',
    );
    expect(private_.code).toBe(1);
    expect(private_.stderr).toContain('10.0.0.1 is not a public internet address');

    const blocked = await datekit('block', '--brand', 'localhost', '--network', 'exo', '--sub1', 'p9');
    expect(blocked.stdout).toMatch(/^Blocked source \d+: localhost exo p9\n$/);

    expect((await datekit('remove', id)).stdout).toBe(`Removed postback ${id}: localhost exo\n`);
    const again = await datekit('remove', id);
    expect(again).toMatchObject({ code: 1, stderr: `no postback ${id}\n` });
  }, 180_000);
});
