import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, freePort, printed, sqliteEnv, stopped } from '../../../server/test/cli-process.ts';
import { writeFakeBuild } from '../../../server/test/fake-build.ts';
import { TestClient } from '../../../server/test/http-client.ts';
import { validSignup } from '../../../server/test/test-server.ts';
import { ROOT } from '../paths.ts';

const run = promisify(execFile);

/**
 * `datekit serve` on an SQLite file keeps each session's member in memory for up to 30 s
 * (member-cache.ts): what another process writes to the file (a command run beside it) must still
 * reach the next request at once.
 */
let dir: string;
let port: number;
let env: NodeJS.ProcessEnv;
let child: ChildProcess;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-serve-other-writes-'));
  const dist = path.join(dir, 'dist');
  writeFakeBuild(dist, 'localhost');
  port = await freePort();
  env = sqliteEnv(path.join(dir, 'var'), port, { DATEKIT_DIST_DIR: dist });
  await run(process.execPath, [CLI, 'db', 'migrate'], { env, cwd: ROOT });
  child = spawn(process.execPath, [CLI, 'serve'], { env, cwd: ROOT });
  await printed(child, 'datekit serving');
}, 60_000);
afterAll(async () => {
  if (child) await stopped(child);
  fs.rmSync(dir, { recursive: true, force: true });
});

type UserAnswer = { user: { credits: number; profile: { id: number } } | null };

describe('datekit serve beside another process writing to its SQLite file', () => {
  it('answers the next request with a credit grant and a ban that a command made meanwhile', async () => {
    const browser = new TestClient(port, `localhost:${port}`);
    const email = 'beside@example.com';
    expect((await browser.post('/api/signup.php', validSignup({ email }))).status).toBe(201);
    const before = await browser.get<UserAnswer>('/api/user.php');
    const { credits, profile } = before.body.user!;
    // The member is in the server's cache now.
    expect((await browser.get<UserAnswer>('/api/user.php')).body.user!.credits).toBe(credits);

    const grant = ['credits', 'grant', '--brand', 'localhost', '--email', email, '--amount', '7'];
    await run(process.execPath, [CLI, ...grant, '--operator', 'support', '--reason', 'goodwill'], { env, cwd: ROOT });
    expect((await browser.get<UserAnswer>('/api/user.php')).body.user!.credits).toBe(credits + 7);

    const ban = ['members', 'ban', String(profile.id), '--ground', 'terms_spam', '--facts', 'Advertising'];
    await run(process.execPath, [CLI, ...ban], { env, cwd: ROOT });
    const after = await browser.get<UserAnswer>('/api/user.php');
    expect(after.body.user ?? null).toBeNull();
  }, 60_000);
});
