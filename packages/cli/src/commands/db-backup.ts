import { backupSqlite, loadConfig, pgDumpArgs, pgRestoreArgs, runPgTool } from '@datekit/server';

/**
 * `datekit db backup <file>`: SQLite through SQLite's online backup (safe while the server runs);
 * PostgreSQL through pg_dump's custom format. Prints how to restore.
 */
export async function backupCommand(file: string): Promise<void> {
  const config = loadConfig();
  if (config.databaseUrl) {
    await runPgTool('pg_dump', config.databaseUrl, (connection) => pgDumpArgs(connection, file));
    console.log(`Backed up PostgreSQL to ${file} (pg_dump custom format).`);
    console.log(`Restore into an empty database: pg_restore ${pgRestoreArgs('<database url>', file).join(' ')}`);
    return;
  }
  await backupSqlite(config.sqlitePath, file);
  console.log(`Backed up ${config.sqlitePath} to ${file}.`);
  console.log(
    `Restore: stop the server, copy ${file} to SQLITE_PATH (remove any -wal and -shm files beside it), start it.`,
  );
}
