import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../paths.ts';

const CLI = path.join(ROOT, 'packages/cli/bin/datekit.mjs');

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-json-logs-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('datekit serve in production', () => {
  it('writes JSON lines only, from the first: a log collector can read every line', async () => {
    const unset = [
      'DATABASE_URL',
      'MOLLIE_API_KEY',
      'SMTP_URL',
      'TRUST_PROXY',
      'METRICS_PORT',
      'LOG_FORMAT',
      'LOG_LEVEL',
    ];
    const env = {
      ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !unset.includes(name))),
      NODE_ENV: 'production',
      PAYMENTS: 'sandbox',
      MAIL: 'outbox',
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      DATEKIT_VAR_DIR: dir,
      // No build here: the start also says which brands are not built, a second line.
      DATEKIT_DIST_DIR: path.join(dir, 'dist'),
    };
    const child = spawn(process.execPath, [CLI, 'serve', '--migrate'], { env, cwd: ROOT });
    let printed = '';
    child.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      // Waits for the lines that say it serves, or for the process to end.
      await new Promise<void>((resolve) => {
        const look = () => /Not built yet/.test(printed) && resolve();
        child.stdout.on('data', look);
        child.stderr.on('data', look);
        void exited.then(() => resolve());
      });
      const lines = printed.split('\n').filter((line) => line.trim() !== '');
      expect(lines.length, printed).toBeGreaterThanOrEqual(2);
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
