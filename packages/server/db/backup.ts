import { type ChildProcess, spawn, type SpawnOptions } from 'node:child_process';
import fs from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';

/**
 * An online backup of the SQLite database: SQLite's backup API copies a consistent snapshot page by
 * page while the server keeps reading and writing (WAL included). The copy is a complete database
 * file; restoring is putting it at SQLITE_PATH while the server is stopped.
 */
export async function backupSqlite(sqlitePath: string, target: string): Promise<void> {
  if (!fs.existsSync(sqlitePath)) throw new Error(`No database at ${sqlitePath}`);
  fs.mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
  const source = new SQLite(sqlitePath, { fileMustExist: true });
  try {
    await source.backup(target);
  } finally {
    source.close();
  }
}

/**
 * The pg_dump call for a PostgreSQL backup (custom format: compressed, restored with pg_restore).
 * `connection` is what runPgTool hands over: the database URL without its password.
 */
export function pgDumpArgs(connection: string, target: string, schema?: string): string[] {
  return [
    '--format=custom',
    '--no-owner',
    '--no-privileges',
    ...(schema ? ['--schema', schema] : []),
    '--file',
    target,
    connection,
  ];
}

/** The pg_restore call that loads such a dump into an empty database. */
export function pgRestoreArgs(connection: string, source: string): string[] {
  return ['--no-owner', '--no-privileges', '--exit-on-error', '--dbname', connection, source];
}

/**
 * A database URL without its password (in the user part or a `password` parameter), and the password.
 * The rest of the URL (host, port, user, database, sslmode and the other parameters) stays as libpq
 * reads it.
 */
export function withoutPassword(databaseUrl: string): { connection: string; password: string | null } {
  const url = new URL(databaseUrl);
  const password = url.password ? decodeURIComponent(url.password) : url.searchParams.get('password');
  url.password = '';
  url.searchParams.delete('password');
  return { connection: url.toString(), password };
}

/** A line of a libpq password file that matches every connection: `:` and `\` escaped. */
function passwordFileLine(password: string): string {
  return `*:*:*:*:${password.replace(/[\\:]/g, '\\$&')}\n`;
}

export type SpawnTool = (tool: string, args: string[], options: SpawnOptions) => ChildProcess;

/**
 * Runs a PostgreSQL client tool (pg_dump, pg_restore) on `databaseUrl`; rejects with its error output
 * when it fails. The password never reaches the command line, which `ps` shows to every user: the
 * tool reads it from a password file (PGPASSFILE, mode 0600, removed afterwards).
 */
export async function runPgTool(
  tool: 'pg_dump' | 'pg_restore',
  databaseUrl: string,
  args: (connection: string) => string[],
  spawnTool: SpawnTool = spawn,
): Promise<void> {
  const { connection, password } = withoutPassword(databaseUrl);
  const dir = password === null ? null : await mkdtemp(path.join(os.tmpdir(), 'datekit-pgpass-'));
  try {
    const env = { ...process.env };
    if (dir && password !== null) {
      env.PGPASSFILE = path.join(dir, 'pgpass');
      await writeFile(env.PGPASSFILE, passwordFileLine(password), { mode: 0o600 });
    }
    await new Promise<void>((resolve, reject) => {
      const child = spawnTool(tool, args(connection), { stdio: ['ignore', 'ignore', 'pipe'], env });
      let errors = '';
      child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
      child.on('error', (error) =>
        reject(new Error(`${tool} could not be started (${error.message}); install the PostgreSQL client tools`)),
      );
      child.on('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`${tool} failed (${code}): ${errors.trim()}`)),
      );
    });
  } finally {
    if (dir) await rm(dir, { recursive: true, force: true });
  }
}
