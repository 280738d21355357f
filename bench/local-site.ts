/**
 * The demo brand built into a scratch directory and served with a fresh, seeded database on a free
 * port, as `npm start` does: what the browser benches (lighthouse.ts, visitor-js.ts) measure when no
 * --url names a running site.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CLI, freePort, ROOT } from '../packages/server/test/cli-process.ts';

/** The seeded demo member (packages/server/seed), for pages of the members area. */
export const DEMO_LOGIN = { email: 'demo@datekit.test', password: 'datekit-demo' };

export interface LocalSite {
  baseUrl: string;
  stop: () => Promise<void>;
}

async function waitForServer(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer ${url} within ${timeoutMs / 1000} s`);
}

/** Builds the demo brand (`localhost` only), seeds a fresh SQLite database and serves both. */
export async function startLocalSite(name: string): Promise<LocalSite> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), `datekit-${name}-`));
  const port = await freePort();
  const env = {
    ...process.env,
    DATEKIT_DIST_DIR: path.join(scratch, 'dist'),
    DATEKIT_VAR_DIR: path.join(scratch, 'var'),
    DATABASE_URL: '',
    HOST: 'localhost',
    PORT: String(port),
  };
  console.log(`Building the demo brand into ${scratch} …`);
  execFileSync(process.execPath, [CLI, 'build', '--brand', 'localhost'], { cwd: ROOT, env, stdio: 'inherit' });
  execFileSync(process.execPath, [CLI, 'db', 'seed', '--brand', 'localhost', '--count', '24'], {
    cwd: ROOT,
    env,
    stdio: 'ignore',
  });
  const server: ChildProcess = spawn(process.execPath, [CLI, 'serve', '--migrate'], {
    cwd: ROOT,
    env,
    stdio: 'ignore',
  });
  const baseUrl = `http://localhost:${port}`;
  await waitForServer(`${baseUrl}/api/settings.php`, 30_000);
  return {
    baseUrl,
    stop: async () => {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}

/** The value of `--name` on the command line, if given. */
export function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}
