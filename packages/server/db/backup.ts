import { spawn } from 'node:child_process';
import fs from 'node:fs';
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

/** The pg_dump call for a PostgreSQL backup (custom format: compressed, restored with pg_restore). */
export function pgDumpArgs(databaseUrl: string, target: string, schema?: string): string[] {
  return [
    '--format=custom',
    '--no-owner',
    '--no-privileges',
    ...(schema ? ['--schema', schema] : []),
    '--file',
    target,
    databaseUrl,
  ];
}

/** The pg_restore call that loads such a dump into an empty database. */
export function pgRestoreArgs(databaseUrl: string, source: string): string[] {
  return ['--no-owner', '--no-privileges', '--exit-on-error', '--dbname', databaseUrl, source];
}

/** Runs a PostgreSQL client tool (pg_dump, pg_restore); rejects with its error output when it fails. */
export function runPgTool(tool: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', (error) =>
      reject(new Error(`${tool} could not be started (${error.message}); install the PostgreSQL client tools`)),
    );
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${tool} failed (${code}): ${errors.trim()}`)),
    );
  });
}
