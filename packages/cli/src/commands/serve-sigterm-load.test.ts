import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, freePort, printed } from '../../../server/test/cli-process.ts';
import { ROOT } from '../paths.ts';

const LOGINS = 16;

let dir: string;
let env: NodeJS.ProcessEnv;
let port: number;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-sigterm-'));
  port = await freePort();
  // Passwords are hashed at the production cost (the test suites' cheap PASSWORD_SCRYPT_N is left out).
  const { PASSWORD_SCRYPT_N: _cheap, ...inherited } = process.env;
  env = {
    ...inherited,
    DATEKIT_VAR_DIR: dir,
    DATABASE_URL: '',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    RATE_LIMIT: 'off',
  };
  await promisify(execFile)(process.execPath, [CLI, 'db', 'migrate'], { env, cwd: ROOT });
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

interface Answer {
  status: number;
  retryAfter: string | undefined;
}

/**
 * A failed login on its own connection. `accepted` resolves once the server has read its headers (it
 * answered 100-continue); the body follows at once. Resolves with the answer, or rejects when the
 * connection drops without one: an accepted request cut.
 */
function failedLogin(n: number): { accepted: Promise<void>; answer: Promise<Answer> } {
  const body = JSON.stringify({ email: `nobody-${n}@members.invalid`, password: 'not the password' });
  let accepted!: () => void;
  const acceptedPromise = new Promise<void>((resolve) => (accepted = resolve));
  const answer = new Promise<Answer>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/user.php',
        agent: false,
        headers: {
          host: `localhost:${port}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-client-request': '1',
          expect: '100-continue',
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode!, retryAfter: res.headers['retry-after'] }));
        res.on('error', reject);
      },
    );
    req.on('continue', () => {
      req.end(body);
      accepted();
    });
    req.on('error', reject);
    req.flushHeaders();
  });
  return { accepted: acceptedPromise, answer };
}

describe('datekit serve under CPU-heavy load', () => {
  it('on SIGTERM answers every accepted login (done, or 503 with Retry-After if not started) and exits within 10 s', async () => {
    const child = spawn(process.execPath, [CLI, 'serve'], { env, cwd: ROOT });
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exit = new Promise<number | null>((resolve) => child.once('exit', resolve));
    await printed(child, 'datekit serving');

    // Logins at the production cost (scrypt N=2^17 against the decoy), all read by the server.
    const logins = Array.from({ length: LOGINS }, (_, n) => failedLogin(n));
    await Promise.all(logins.map((login) => login.accepted));
    const signalled = Date.now();
    child.kill('SIGTERM');

    const answers = await Promise.allSettled(logins.map((login) => login.answer));
    const cut = answers.filter((a) => a.status === 'rejected');
    expect(cut, `accepted requests cut by the shutdown; server output:\n${output}`).toEqual([]);
    for (const answer of answers.map((a) => (a as PromiseFulfilledResult<Answer>).value)) {
      // Checked (wrong address: 401) or refused before its hash started (503, try again).
      expect([401, 503]).toContain(answer.status);
      if (answer.status === 503) expect(answer.retryAfter).toBeDefined();
    }
    expect(await exit).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
  }, 60_000);
});
