import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedRequest } from '../../../server/test/accepted-request.ts';
import { CLI, exitCode, freePort, output, printed, sqliteEnv } from '../../../server/test/cli-process.ts';
import { openEventStream } from '../../../server/test/event-stream.ts';
import { TestClient } from '../../../server/test/http-client.ts';
import { activationLink, pathOf, validSignup } from '../../../server/test/test-server.ts';
import { ROOT } from '../paths.ts';

const run = promisify(execFile);

let dir: string;
let env: NodeJS.ProcessEnv;
let port: number;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-serve-'));
  port = await freePort();
  env = sqliteEnv(dir, port);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('datekit serve', () => {
  it('refuses a database that is not migrated, naming the command to run', async () => {
    const child = spawn(process.execPath, [CLI, 'serve'], { env, cwd: ROOT });
    const said = output(child);
    expect(await exitCode(child)).toBe(1);
    expect(said()).toContain('The database is not migrated');
    expect(said()).toContain('datekit db migrate');
  }, 30_000);

  it('on a port already taken says which port and how to choose another, for serve and for the demo', async () => {
    await run(process.execPath, [CLI, 'db', 'migrate'], { env, cwd: ROOT });
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve));
    try {
      for (const command of ['serve', 'demo']) {
        const child = spawn(process.execPath, [CLI, command], { env, cwd: ROOT });
        const said = output(child);
        expect(await exitCode(child), said()).toBe(1);
        expect(said()).toContain(`Port ${port} on 127.0.0.1 is already in use`);
        expect(said()).toContain(`PORT=${port + 1} npm start`);
        // One message, not Node's EADDRINUSE stack; and the demo stopped before building anything.
        expect(said()).not.toMatch(/EADDRINUSE|\n\s+at /);
        expect(said()).not.toContain('Building');
      }
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  }, 60_000);

  it('on SIGTERM tells open streams to reconnect, finishes the request in flight and exits within 10 s', async () => {
    await run(process.execPath, [CLI, 'db', 'migrate'], { env, cwd: ROOT });
    const child = spawn(process.execPath, [CLI, 'serve'], { env, cwd: ROOT });
    const exit = exitCode(child);
    await printed(child, 'datekit serving');

    const browser = new TestClient(port, `localhost:${port}`);
    await browser.post('/api/signup.php', validSignup({ email: 'sigterm@example.com' }));
    const outbox = path.join(dir, 'outbox');
    const mail = fs.readFileSync(path.join(outbox, fs.readdirSync(outbox)[0]!), 'utf8');
    await browser.get(pathOf(activationLink(mail)));
    const tabs = [await openEventStream(browser), await openEventStream(browser)];

    // A request in flight: the server has its headers (it answered 100-continue), half of the body
    // is still to come when the signal arrives.
    const inFlight = acceptedRequest(
      port,
      '/api/password-reset.php',
      { email: 'sigterm@example.com' },
      { sentAtAccept: 10 },
    );
    await inFlight.accepted;

    const signalled = Date.now();
    child.kill('SIGTERM');
    for (const tab of tabs) expect((await tab.next('reconnect', 5000)).data).toEqual({ type: 'reconnect' });
    inFlight.finish();
    expect((await inFlight.answer).status).toBe(200);
    expect(await exit).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  }, 60_000);

  it('queues a burst of connections while it is busy instead of dropping them (the listen backlog)', async () => {
    await run(process.execPath, [CLI, 'db', 'migrate'], { env, cwd: ROOT });
    const child = spawn(process.execPath, [CLI, 'serve'], { env, cwd: ROOT });
    const exit = exitCode(child);
    await printed(child, 'datekit serving');
    // Stopped, the server accepts nothing, as when it is too busy to: each connection whose handshake
    // the kernel completes waits in the listen queue. Past Node's default backlog of 511 the kernel
    // drops the SYNs, and these connects would hang (each client retrying after a second) until the
    // server runs again; the test would time out.
    const BURST = 700;
    const sockets: net.Socket[] = [];
    process.kill(child.pid!, 'SIGSTOP');
    try {
      await Promise.all(
        Array.from(
          { length: BURST },
          () =>
            new Promise<void>((resolve, reject) => {
              const socket = net.connect(port, '127.0.0.1', resolve);
              socket.once('error', reject);
              sockets.push(socket);
            }),
        ),
      );
    } finally {
      process.kill(child.pid!, 'SIGCONT');
      for (const socket of sockets) socket.destroy();
    }
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
  }, 60_000);
});
