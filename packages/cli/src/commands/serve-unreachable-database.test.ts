import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from '../../../server/db/database.ts';
import { INLINE_SCRIPTS_FILE } from '../../../server/site/inline-scripts.ts';
import { CLI, exitCode, freePort, output } from '../../../server/test/cli-process.ts';
import { databaseUrlVia, startTcpProxy, type TcpProxy } from '../../../server/test/tcp-proxy.ts';
import { createMigratedSchema, dropSchema } from '../../../server/test/test-database.ts';
import { ROOT } from '../paths.ts';

const HOST = 'localhost';

interface Readiness {
  ready: boolean;
  checks: Record<string, boolean>;
  problems: string[];
}

/** Answers of `path` on the server, or null while nothing listens. */
async function get(port: number, urlPath: string): Promise<Response | null> {
  return fetch(`http://127.0.0.1:${port}${urlPath}`, { headers: { host: HOST } }).catch(() => null);
}

/** Polls until `check` holds (the server's state, never a fixed sleep), or fails after `timeoutMs`. */
async function until<T>(what: string, probe: () => Promise<T | null>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * `datekit serve` started while its database cannot be reached (DATABASE_URL points at a port where
 * nothing listens yet; then a proxy to the test's PostgreSQL opens there), as after a host reboot where
 * the application comes up before the database.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('datekit serve with its database unreachable at start', () => {
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `serve_${randomBytes(5).toString('hex')}`;
  let db: Db;
  let dir: string;
  let proxy: TcpProxy;

  beforeAll(async () => {
    db = createDatabase({ databaseUrl: url, searchPath: schema }).db;
    await createMigratedSchema(url, schema, db);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-serve-db-'));
    // A build of the `localhost` brand, as `datekit build` leaves it.
    const brandDir = path.join(dir, 'dist', HOST);
    fs.mkdirSync(path.join(brandDir, 'en'), { recursive: true });
    fs.writeFileSync(path.join(brandDir, 'en', 'index.html'), '<!doctype html><h1>home</h1>');
    fs.writeFileSync(path.join(brandDir, 'en', '404.html'), '<!doctype html><h1>404</h1>');
    fs.writeFileSync(
      path.join(brandDir, 'routes.json'),
      JSON.stringify({ languages: ['en'], notFound: '404.html', routes: [{ path: '/', shell: 'index.html' }] }),
    );
    fs.writeFileSync(path.join(brandDir, INLINE_SCRIPTS_FILE), JSON.stringify({ script_hashes: [] }));
    proxy = await startTcpProxy(
      { host: new URL(url).hostname, port: Number(new URL(url).port || 5432) },
      { port: await freePort(), listening: false },
    );
  }, 60_000);

  afterAll(async () => {
    await proxy?.cut();
    await db?.destroy();
    await dropSchema(url, schema);
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** `datekit serve` (development, the test's build) whose database is reached through the proxy. */
  async function serve() {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: databaseUrlVia(url, proxy.port, schema),
      DATEKIT_VAR_DIR: dir,
      DATEKIT_DIST_DIR: path.join(dir, 'dist'),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    };
    delete env.NODE_ENV;
    const child = spawn(process.execPath, [CLI, 'serve'], { env, cwd: ROOT });
    return { port, child, printed: output(child), exit: exitCode(child) };
  }

  it('stays up answering /healthz and a /readyz 503 that says why, then starts once the database answers', async () => {
    const { port, child, printed, exit } = await serve();
    let exited = false;
    void exit.then(() => (exited = true));
    try {
      // The process stays up: its health probe answers while every attempt is refused.
      const health = await until('/healthz', () => get(port, '/healthz'));
      expect(health.status).toBe(200);
      await until(
        'a second refused attempt',
        async () => (printed().match(/database unreachable/g)?.length ?? 0) >= 2 || null,
      );
      expect(exited, printed()).toBe(false);
      // One warning per attempt, no stack.
      expect(printed()).not.toMatch(/\n\s+at /);

      const notReady = (await get(port, '/readyz'))!;
      expect(notReady.status).toBe(503);
      const body = (await notReady.json()) as Readiness;
      expect(body.ready).toBe(false);
      expect(body.problems.join(' ')).toMatch(/database unreachable: .*ECONNREFUSED.*, retrying/);
      const api = (await get(port, '/api/settings.php'))!;
      expect(api.status).toBe(503);
      expect(api.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await api.json()).toMatchObject({ error: 'database_unavailable' });

      // The database comes back: the next attempt starts everything, no restart.
      await proxy.open();
      const ready = await until(
        'readiness',
        async () => {
          const answer = await get(port, '/readyz');
          const state = answer && ((await answer.json()) as Readiness);
          return state?.checks.database ? state : null;
        },
        45_000,
      );
      expect(ready.checks).toMatchObject({ database: true, migrations: true, events: true });
      expect(ready.ready, JSON.stringify(ready.problems)).toBe(true);
      await until('the serving line', async () => printed().includes('datekit serving') || null);
      expect((await get(port, '/api/settings.php'))!.status).not.toBe(503);

      child.kill('SIGTERM');
      expect(await exit).toBe(0);
    } finally {
      child.kill('SIGKILL');
    }
  }, 90_000);

  it('a SIGTERM while it waits for the database stops it at once (exit 0)', async () => {
    await proxy.cut();
    const { child, printed, exit } = await serve();
    try {
      await until('a refused attempt', async () => printed().includes('database unreachable') || null);
      const signalled = Date.now();
      child.kill('SIGTERM');
      expect(await exit, printed()).toBe(0);
      expect(Date.now() - signalled).toBeLessThan(10_000);
    } finally {
      child.kill('SIGKILL');
    }
  }, 60_000);
});
