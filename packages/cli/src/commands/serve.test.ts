import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../../server/test/event-stream.ts';
import { TestClient } from '../../../server/test/http-client.ts';
import { activationLink, pathOf, validSignup } from '../../../server/test/test-server.ts';
import { ROOT } from '../paths.ts';

const CLI = path.join(ROOT, 'packages/cli/bin/datekit.mjs');
const run = promisify(execFile);

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let dir: string;
let env: NodeJS.ProcessEnv;
let port: number;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-serve-'));
  port = await freePort();
  env = {
    ...process.env,
    DATEKIT_VAR_DIR: dir,
    DATABASE_URL: '',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  };
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Resolves with the exit code and everything the process printed. */
function exited(child: ChildProcess): Promise<{ code: number | null; output: string }> {
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

function printed(child: ChildProcess, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(text)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code} before printing "${text}": ${output}`)));
  });
}

describe('datekit serve', () => {
  it('refuses a database that is not migrated, naming the command to run', async () => {
    const child = spawn(process.execPath, [CLI, 'serve'], { env, cwd: ROOT });
    const { code, output } = await exited(child);
    expect(code).toBe(1);
    expect(output).toContain('The database is not migrated');
    expect(output).toContain('datekit db migrate');
  }, 30_000);

  it('on a port already taken says which port and how to choose another, for serve and for the demo', async () => {
    await run(process.execPath, [CLI, 'db', 'migrate'], { env, cwd: ROOT });
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve));
    try {
      for (const command of ['serve', 'demo']) {
        const { code, output } = await exited(spawn(process.execPath, [CLI, command], { env, cwd: ROOT }));
        expect(code, output).toBe(1);
        expect(output).toContain(`Port ${port} on 127.0.0.1 is already in use`);
        expect(output).toContain(`PORT=${port + 1} npm start`);
        // One message, not Node's EADDRINUSE stack; and the demo stopped before building anything.
        expect(output).not.toMatch(/EADDRINUSE|\n\s+at /);
        expect(output).not.toContain('Building');
      }
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  }, 60_000);

  it('on SIGTERM tells open streams to reconnect, finishes the request in flight and exits within 10 s', async () => {
    await run(process.execPath, [CLI, 'db', 'migrate'], { env, cwd: ROOT });
    const child = spawn(process.execPath, [CLI, 'serve'], { env, cwd: ROOT });
    const exit = exited(child);
    await printed(child, 'datekit serving');

    const browser = new TestClient(port, `localhost:${port}`);
    await browser.post('/api/signup.php', validSignup({ email: 'sigterm@example.com' }));
    const outbox = path.join(dir, 'outbox');
    const mail = fs.readFileSync(path.join(outbox, fs.readdirSync(outbox)[0]!), 'utf8');
    await browser.get(pathOf(activationLink(mail)));
    const tabs = [await openEventStream(browser), await openEventStream(browser)];

    // A request in flight: the server has its headers (it answered 100-continue), half of the body
    // is still to come when the signal arrives.
    const body = JSON.stringify({ email: 'sigterm@example.com' });
    let inFlight: () => void = () => undefined;
    let started: () => void = () => undefined;
    const headersReceived = new Promise<void>((resolve) => (started = resolve));
    const answer = new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/password-reset.php',
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
          res.on('end', () => resolve(res.statusCode!));
        },
      );
      req.on('error', reject);
      req.on('continue', () => {
        req.write(body.slice(0, 10));
        inFlight = () => req.end(body.slice(10));
        started();
      });
      req.flushHeaders();
    });
    await headersReceived;

    const signalled = Date.now();
    child.kill('SIGTERM');
    for (const tab of tabs) expect((await tab.next('reconnect', 5000)).data).toEqual({ type: 'reconnect' });
    inFlight();
    expect(await answer).toBe(200);
    const { code } = await exit;
    expect(code).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  }, 60_000);
});
