import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedRequest, type Answer } from '../../../server/test/accepted-request.ts';
import {
  CLI,
  exitCode,
  freePort,
  output,
  printed,
  PRODUCTION_HASHING,
  sqliteEnv,
} from '../../../server/test/cli-process.ts';
import { ROOT } from '../paths.ts';

const LOGINS = 16;

let dir: string;
let env: NodeJS.ProcessEnv;
let port: number;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-sigterm-'));
  port = await freePort();
  env = sqliteEnv(dir, port, { ...PRODUCTION_HASHING, RATE_LIMIT: 'off' });
  await promisify(execFile)(process.execPath, [CLI, 'db', 'migrate'], { env, cwd: ROOT });
  // A CLI process that migrates: seconds alone, much longer while the rest of the suite runs beside it.
}, 60_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('datekit serve under CPU-heavy load', () => {
  it('on SIGTERM answers every accepted login (done, or 503 with Retry-After if not started) and exits within 10 s', async () => {
    const child = spawn(process.execPath, [CLI, 'serve'], { env, cwd: ROOT });
    const said = output(child);
    const exit = exitCode(child);
    await printed(child, 'datekit serving');

    // Logins at the production cost (scrypt N=2^17 against the decoy), all read by the server (it
    // answered 100-continue), each on its own connection.
    const logins = Array.from({ length: LOGINS }, (_, n) =>
      acceptedRequest(port, '/api/user.php', { email: `nobody-${n}@members.invalid`, password: 'not the password' }),
    );
    await Promise.all(logins.map((login) => login.accepted));
    const signalled = Date.now();
    child.kill('SIGTERM');

    const answers = await Promise.allSettled(logins.map((login) => login.answer));
    const cut = answers.filter((a) => a.status === 'rejected');
    expect(cut, `accepted requests cut by the shutdown; server output:\n${said()}`).toEqual([]);
    for (const answer of answers.map((a) => (a as PromiseFulfilledResult<Answer>).value)) {
      // Checked (wrong address: 401) or refused before its hash started (503, try again).
      expect([401, 503]).toContain(answer.status);
      if (answer.status === 503) expect(answer.retryAfter).toBeDefined();
    }
    expect(await exit).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
  }, 60_000);
});
