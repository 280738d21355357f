import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answers, CLI, exitCode, freePort, output, productionEnv } from '../../../server/test/cli-process.ts';
import { ROOT } from '../paths.ts';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-production-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A production run of the test's own settings, its data in the test's directory. */
const production = (extra: NodeJS.ProcessEnv) => productionEnv({ DATEKIT_VAR_DIR: dir, ...extra });

/**
 * `datekit serve` as an operator starts it (NODE_ENV=production), as a real process on the Node that
 * runs the product: what only a test runner's module loading has exercised is not proof it starts
 * (the Mollie client's default import was the module object under Node, and every test passed).
 */
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
