import type { ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

/**
 * Helpers for tests, drills and benches that run `datekit` as a real process, as an operator does
 * (`node packages/cli/bin/datekit.mjs serve`): what only a test runner's module loading exercised is
 * not proof the product starts. One copy here, so every such test waits for a process the same way.
 */

/** The repository's root: the CLI's working directory, as `npm start` runs it. */
export const ROOT = path.resolve(import.meta.dirname, '../../..');
/** The CLI's entry point, run with `process.execPath` (the project's Node, not the system's). */
export const CLI = path.join(ROOT, 'packages/cli/bin/datekit.mjs');

/** A port nothing listens on now (taken and released), for a server that must be told its port up front. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Collects what the child prints (stdout and stderr as they come); the getter answers it so far. */
export function output(child: ChildProcess): () => string {
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return () => text;
}

/** Resolves with the child's exit code (null when a signal ended it). */
export function exitCode(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** Stops a child that still runs as a service manager does (SIGTERM), and waits until it exited. */
export async function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exit = exitCode(child);
  child.kill('SIGTERM');
  await exit;
}

/**
 * Resolves once the child printed `text` (e.g. `datekit serving`: it listens); rejects with everything
 * it printed if it exits first, so a server that failed to start fails the test with its reason.
 */
export function printed(child: ChildProcess, text: string): Promise<void> {
  const soFar = output(child);
  return new Promise((resolve, reject) => {
    const look = () => soFar().includes(text) && resolve();
    child.stdout?.on('data', look);
    child.stderr?.on('data', look);
    child.once('exit', (code) => reject(new Error(`exited with ${code} before printing "${text}":\n${soFar()}`)));
  });
}

/**
 * Polls `url` until it answers 200 (a server still starting refuses the connection); fails with what the
 * process printed as soon as it exits, instead of waiting for the test's timeout.
 */
export async function answers(
  url: string,
  child: ChildProcess,
  printedSoFar: () => string,
  host = 'localhost',
): Promise<Response> {
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited: ${printedSoFar()}`);
    const res = await fetch(url, { headers: { host } }).catch(() => null);
    if (res?.status === 200) return res;
    await res?.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The environment of `datekit serve` (or `db migrate`) for a test: SQLite in `varDir` (DATABASE_URL
 * empty, so the machine's own database is never the test's), on 127.0.0.1:`port`, warnings only.
 */
export function sqliteEnv(varDir: string, port: number, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATEKIT_VAR_DIR: varDir,
    DATABASE_URL: '',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

/**
 * For `extra`: passwords hashed at the production cost, without the test suites' cheap
 * PASSWORD_SCRYPT_N (an undefined variable is not passed to the child at all).
 */
export const PRODUCTION_HASHING: NodeJS.ProcessEnv = { PASSWORD_SCRYPT_N: undefined };

/** Settings of the machine (or of the test runner) that would change what a production run tests. */
const MACHINE_SETTINGS = [
  'DATABASE_URL',
  'MOLLIE_API_KEY',
  'PAYMENTS',
  'SMTP_URL',
  'MAIL',
  'TRUST_PROXY',
  'METRICS_PORT',
  'LOG_FORMAT',
  'LOG_LEVEL',
];

/**
 * The environment of `NODE_ENV=production` on 127.0.0.1 without the machine's own settings: only what
 * the test gives in `extra` decides payments, mail, proxies and logging.
 */
export function productionEnv(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const inherited = Object.entries(process.env).filter(([name]) => !MACHINE_SETTINGS.includes(name));
  return { ...Object.fromEntries(inherited), NODE_ENV: 'production', HOST: '127.0.0.1', ...extra };
}
