import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../paths.ts';

/**
 * `datekit serve` as an operator starts it (NODE_ENV=production), as a real process on the Node that
 * runs the product: what only a test runner's module loading has exercised is not proof it starts
 * (the Mollie client's default import was the module object under Node, and every test passed).
 */
const CLI = path.join(ROOT, 'packages/cli/bin/datekit.mjs');

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-production-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function production(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  // The machine's own settings of these would change what is tested.
  const unset = ['DATABASE_URL', 'MOLLIE_API_KEY', 'PAYMENTS', 'SMTP_URL', 'MAIL', 'TRUST_PROXY', 'METRICS_PORT'];
  const inherited = Object.entries(process.env).filter(([name]) => !unset.includes(name));
  return {
    ...Object.fromEntries(inherited),
    NODE_ENV: 'production',
    DATEKIT_VAR_DIR: dir,
    HOST: '127.0.0.1',
    ...extra,
  };
}

function output(child: ChildProcess): () => string {
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return () => text;
}

const exitCode = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

/** Polls `url` until it answers 200; fails with what the process printed if it exits first. */
async function answers(url: string, child: ChildProcess, printed: () => string, host = 'localhost') {
  let exited = false;
  child.once('exit', () => (exited = true));
  for (;;) {
    if (exited) throw new Error(`the server exited: ${printed()}`);
    const res = await fetch(url, { headers: { host } }).catch(() => null);
    if (res?.status === 200) return res;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('datekit serve in production', () => {
  it.each([
    [{}, 'MOLLIE_API_KEY'],
    [{ MOLLIE_API_KEY: 'test_key' }, 'SMTP_URL'],
    [{ PAYMENTS: 'sandbox', MAIL: 'outbox', TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
  ])(
    'refuses an unsafe configuration in one line naming the setting (%j)',
    async (settings, named) => {
      const child = spawn(process.execPath, [CLI, 'serve'], { env: production(settings), cwd: ROOT });
      const printed = output(child);
      expect(await exitCode(child)).toBe(1);
      const lines = printed().trim().split('\n');
      expect(lines, printed()).toHaveLength(1);
      expect(lines[0]).toMatch(/^datekit: /);
      expect(lines[0]).toContain(named);
    },
    30_000,
  );

  it('starts with Mollie as the payment provider and answers', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [CLI, 'serve', '--migrate'], {
      cwd: ROOT,
      env: production({
        PORT: String(port),
        MOLLIE_API_KEY: 'test_datekitproductionstartsup0000',
        // Nothing listens there: starting must not need Mollie, only a payment would.
        MOLLIE_API_URL: 'https://127.0.0.1:9/v2/',
        MAIL: 'outbox',
        TRUST_PROXY: '1',
      }),
    });
    const printed = output(child);
    const exited = exitCode(child);
    try {
      await answers(`http://127.0.0.1:${port}/healthz`, child, printed);
      const settings = await answers(`http://127.0.0.1:${port}/api/settings.php`, child, printed);
      expect(((await settings.json()) as { settings: { domain: string } }).settings.domain).toBe('localhost');
      child.kill('SIGTERM');
      expect(await exited, printed()).toBe(0);
    } finally {
      child.kill('SIGKILL');
    }
  }, 60_000);
});
