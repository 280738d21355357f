import { sql } from 'kysely';
import type { Db } from './database.ts';
import { isPostgres } from './migrations/dialect.ts';

/**
 * Runs `write` in a transaction whose commit does not wait for PostgreSQL's WAL flush
 * (`synchronous_commit = off` for it alone): a crash of the database can lose the last fraction of a
 * second of such commits, never corrupt them. Only for writes nobody was told succeeded and that the
 * next round writes again: the presence batch, the lander visit counts (docs/deployment.md lists them).
 * Never for a transaction that records events: ids drawn from a sequence by a commit that was lost
 * are drawn again after the restart, and a tab that had read the lost event would skip the new one.
 * SQLite (WAL with `synchronous = NORMAL`) never waits for a flush at commit: `write` runs as it is.
 */
export function commitWithoutFlush<T>(db: Db, write: (db: Db) => Promise<T>): Promise<T> {
  if (!isPostgres(db)) return write(db);
  return db.transaction().execute(async (trx) => {
    await sql`set local synchronous_commit = off`.execute(trx);
    return write(trx);
  });
}
