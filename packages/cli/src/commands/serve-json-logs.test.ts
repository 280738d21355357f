import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, exitCode, freePort, output, productionEnv } from '../../../server/test/cli-process.ts';
import { ROOT } from '../paths.ts';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-json-logs-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('datekit serve in production', () => {
  it('writes JSON lines only, from the first: a log collector can read every line', async () => {
    const env = productionEnv({
      PAYMENTS: 'sandbox',
      MAIL: 'outbox',
      PORT: String(await freePort()),
      DATEKIT_VAR_DIR: dir,
      // No build here: the start also says which brands are not built, a second line.
      DATEKIT_DIST_DIR: path.join(dir, 'dist'),
    });
    const child = spawn(process.execPath, [CLI, 'serve', '--migrate'], { env, cwd: ROOT });
    const printed = output(child);
    const exited = exitCode(child);
    try {
      // Waits for the lines that say it serves, or for the process to end.
      await new Promise<void>((resolve) => {
        const look = () => /Not built yet/.test(printed()) && resolve();
        child.stdout.on('data', look);
        child.stderr.on('data', look);
        void exited.then(() => resolve());
      });
      const lines = printed()
        .split('\n')
        .filter((line) => line.trim() !== '');
      expect(lines.length, printed()).toBeGreaterThanOrEqual(2);
      for (const line of lines) expect(() => JSON.parse(line) as unknown, line).not.toThrow();
      const messages = lines.map((line) => (JSON.parse(line) as { msg?: string }).msg);
      expect(messages).toContainEqual(expect.stringMatching(/^datekit serving no built brand on http:\/\//));
      expect(messages).toContainEqual(expect.stringMatching(/^Not built yet \(run datekit build\): /));
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  }, 60_000);
});
