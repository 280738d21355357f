import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from './database.ts';
import { startWalCheckpointer } from './wal-checkpointer.ts';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-checkpoint-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const sizeOf = (file: string) => fs.statSync(file).size;

/** About 2 MB of rows: half of what SQLite's own automatic checkpoint (1,000 pages) waits for. */
const FILLER_ROWS = 2_000;
const INSERT_FILLER =
  `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${FILLER_ROWS}) ` +
  `insert into filler (body) select randomblob(1000) from n`;

/** A connection of its own to a new WAL database with a `filler` table, never checkpointing itself. */
function walWriter(file: string): SQLite.Database {
  const writer = new SQLite(file);
  writer.pragma('journal_mode = WAL');
  writer.pragma('wal_autocheckpoint = 0');
  writer.exec('create table filler (id integer primary key, body blob not null)');
  return writer;
}

describe('checkpoints off the event loop', () => {
  it('a file database leaves checkpoints to its thread, which copies the log into the file', async () => {
    const file = path.join(dir, 'served.sqlite');
    const { db, closed } = createDatabase({ sqlitePath: file });
    const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db);
    expect(rows[0]!.wal_autocheckpoint).toBe(0);

    await sql`create table filler (id integer primary key, body blob not null)`.execute(db);
    const before = sizeOf(file);
    await sql.raw(INSERT_FILLER).execute(db);
    // The commit wrote the rows to the log only; the thread brings them into the file.
    await expect.poll(() => sizeOf(file), { timeout: 10_000 }).toBeGreaterThan(before + 1_500_000);
    await db.destroy();
    await closed();
  });

  it('stopping copies what is left and ends the thread', async () => {
    const file = path.join(dir, 'stopped.sqlite');
    const writer = walWriter(file);
    const errors: string[] = [];
    let lost = false;
    // An interval longer than the test: only the stop copies.
    const checkpointer = startWalCheckpointer(file, {
      intervalMs: 3_600_000,
      onError: (message) => errors.push(message),
      onLost: () => (lost = true),
    });
    writer.exec(INSERT_FILLER);
    const before = sizeOf(file);
    await checkpointer.stop();
    expect(sizeOf(file)).toBeGreaterThan(before + 1_500_000);
    expect(errors).toEqual([]);
    expect(lost).toBe(false);
    writer.close();
  });

  it('says nothing of a last checkpoint that fails because the files are gone (a test cleaning up)', async () => {
    const scratch = fs.mkdtempSync(path.join(dir, 'scratch-'));
    const file = path.join(scratch, 'gone.sqlite');
    const writer = walWriter(file);
    const errors: string[] = [];
    const checkpointer = startWalCheckpointer(file, {
      intervalMs: 3_600_000,
      onError: (message) => errors.push(message),
      onLost: () => errors.push('lost'),
    });
    writer.exec('insert into filler (body) values (randomblob(1000))');
    writer.close();
    fs.rmSync(scratch, { recursive: true, force: true });
    await checkpointer.stop();
    expect(errors).toEqual([]);
  });

  it('a checkpointer that cannot open its database says so, and that it is gone', async () => {
    const errors: string[] = [];
    const lost = new Promise<void>((resolve) =>
      startWalCheckpointer(path.join(dir, 'missing.sqlite'), {
        onError: (message) => errors.push(message),
        onLost: resolve,
      }),
    );
    await lost;
    expect(errors.join(' ')).toMatch(/unable to open database file/i);
  });
});
