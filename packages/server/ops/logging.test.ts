import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { TestClient } from '../test/http-client.ts';
import { PRODUCTION_ENV, startTestServer, type TestServer } from '../test/test-server.ts';
import { prettyLine, redactUrl } from './logger.ts';

const SESSION = 'dk_session=secret-session-value-42';

let server: TestServer;
let client: TestClient;
let lines: Record<string, unknown>[];
let close: () => Promise<void>;

beforeAll(async () => {
  server = await startTestServer();
  lines = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n'))
        if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  // The production logger (JSON, warnings and errors only), on the test server's services.
  const services = {
    ...server.services,
    config: { ...server.services.config, ...pick(loadConfig(PRODUCTION_ENV)) },
  };
  const app = createApp(services, { logStream: stream });
  app.get('/api/boom', async () => {
    throw new Error('database on fire');
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  client = new TestClient((app.server.address() as AddressInfo).port, 'alpha.test');
  close = () => app.close();
});
afterAll(async () => {
  await close();
  await server.close();
});

function pick(config: ReturnType<typeof loadConfig>) {
  return { logLevel: config.logLevel, logFormat: config.logFormat };
}

describe('logs', () => {
  it('a 500 is logged without LOG_REQUESTS, as JSON with the request id and without the session cookie', async () => {
    const res = await client.get('/api/boom', { headers: { cookie: SESSION, authorization: 'Bearer abc' } });
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ error: 'internal' });
    const requestId = String(res.headers['x-request-id']);
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const errors = lines.filter((line) => line.level === 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ reqId: requestId, msg: 'request failed', err: { message: 'database on fire' } });
    const all = JSON.stringify(lines);
    expect(all).not.toContain('secret-session-value-42');
    expect(all).not.toContain('Bearer abc');
  });

  it('ordinary requests are not logged at the default level', async () => {
    const before = lines.length;
    expect((await client.get('/api/settings.php')).status).toBe(200);
    expect(lines.length).toBe(before);
  });

  it('request logging (LOG_REQUESTS) redacts cookies, tokens in URLs and passwords', async () => {
    const loud = await startTestServer({ env: { LOG_LEVEL: 'info', LOG_FORMAT: 'json' } });
    try {
      const captured: string[] = [];
      const stream = new Writable({
        write(chunk: Buffer, _encoding, done) {
          captured.push(chunk.toString());
          done();
        },
      });
      const app = createApp(loud.services, { logStream: stream });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const browser = new TestClient((app.server.address() as AddressInfo).port, 'alpha.test');
      await browser.get('/api/activate.php?token=activation-secret-77', { headers: { cookie: SESSION } });
      await browser.post('/api/user.php', { email: 'a@example.com', password: 'hunter2-password' });
      await app.close();
      const text = captured.join('');
      expect(text).toContain('incoming request');
      expect(text).toContain('token=[redacted]');
      expect(text).not.toContain('activation-secret-77');
      expect(text).not.toContain('secret-session-value-42');
      expect(text).not.toContain('hunter2-password');
    } finally {
      await loud.close();
    }
  });
});

describe('readable lines for development', () => {
  it('shows time, level, request id, message and the stack', () => {
    const line = prettyLine(
      JSON.stringify({
        level: 50,
        time: Date.UTC(2026, 0, 1, 12, 0, 1),
        reqId: 'r-1',
        msg: 'request failed',
        err: { message: 'boom', stack: 'Error: boom\n    at x' },
      }),
    );
    expect(line).toBe('12:00:01 ERROR [r-1] request failed\n    Error: boom\n        at x');
  });

  it('redacts secrets in URLs', () => {
    expect(redactUrl('/api/activate.php?token=abc&x=1')).toBe('/api/activate.php?token=[redacted]&x=1');
    expect(redactUrl('/api/chat.php?id=3')).toBe('/api/chat.php?id=3');
  });
});
