import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, type OpenedDatabase } from './database.ts';

let dir: string;
let opened: OpenedDatabase;

function openFile(): OpenedDatabase {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-reads-'));
  return createDatabase({ sqlitePath: path.join(dir, 'reads.sqlite') });
}

afterEach(async () => {
  await opened.db.destroy();
  await opened.closed();
  fs.rmSync(dir, { recursive: true, force: true });
});

const valueOf = async (db: OpenedDatabase['reads']) => {
  const row = await sql<{ v: number }>`select v from t`.execute(db);
  return row.rows[0]?.v;
};

describe('the read connection of an SQLite file', () => {
  it('reads the last commit while a write transaction holds the main connection', async () => {
    opened = openFile();
    const { db, reads } = opened;
    expect(reads).not.toBe(db);
    await sql`create table t (v integer)`.execute(db);
    await sql`insert into t (v) values (1)`.execute(db);

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const writing = db.transaction().execute(async (trx) => {
      await sql`update t set v = 2`.execute(trx);
      entered();
      await held;
    });
    await inside;
    // On the main connection this read would wait for the transaction, which waits for it: a hang.
    expect(await valueOf(reads)).toBe(1);
    release();
    await writing;
    expect(await valueOf(reads)).toBe(2);
  });

  it('refuses writes', async () => {
    opened = openFile();
    await sql`create table t (v integer)`.execute(opened.db);
    await expect(sql`insert into t (v) values (1)`.execute(opened.reads)).rejects.toThrow(/readonly/);
  });

  it('closes with the main connection', async () => {
    opened = openFile();
    await sql`create table t (v integer)`.execute(opened.db);
    await sql`insert into t (v) values (3)`.execute(opened.db);
    expect(await valueOf(opened.reads)).toBe(3);
    await opened.db.destroy();
    await expect(valueOf(opened.reads)).rejects.toThrow(/not open/);
  });
});

describe('where there is one connection or a pool', () => {
  it('is the main instance for an in-memory SQLite', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-reads-'));
    opened = createDatabase({});
    expect(opened.reads).toBe(opened.db);
  });
});
