import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { withStatementCache } from './statement-cache.ts';

let database: SQLite.Database;
afterEach(() => {
  if (database.open) database.close();
});

describe('withStatementCache', () => {
  it('prepares each SQL text once and hands the same statement out again', () => {
    database = new SQLite(':memory:');
    const cached = withStatementCache(database);
    const first = cached.prepare('select 1 as one');
    expect(cached.prepare('select 1 as one')).toBe(first);
    expect(cached.prepare('select 2 as two')).not.toBe(first);
    expect(cached.cachedStatements).toBe(2);
  });

  it('drops the least recently used statement past its capacity', () => {
    database = new SQLite(':memory:');
    const cached = withStatementCache(database, 2);
    const a = cached.prepare('select 1');
    const b = cached.prepare('select 2');
    cached.prepare('select 1'); // a is now the most recently used
    cached.prepare('select 3'); // so b goes
    expect(cached.cachedStatements).toBe(2);
    expect(cached.prepare('select 1')).toBe(a);
    expect(cached.prepare('select 2')).not.toBe(b);
  });

  it('does not hand out a statement that is still being iterated', () => {
    database = new SQLite(':memory:');
    const cached = withStatementCache(database);
    const text = 'select value from json_each(json_array(1, 2, 3))';
    const iterating = cached.prepare(text);
    const rows = iterating.iterate([]);
    expect(rows.next().value).toEqual({ value: 1 });
    const other = cached.prepare(text);
    expect(other).not.toBe(iterating);
    expect(other.all([])).toEqual([{ value: 1 }, { value: 2 }, { value: 3 }]);
    expect(rows.next().value).toEqual({ value: 2 });
    rows.return?.();
    expect(cached.prepare(text)).toBe(iterating);
  });

  it('answers with the current schema after a migration changed a table it had prepared for', async () => {
    database = new SQLite(':memory:');
    const db = new Kysely<{ notes: { id: number; body: string; pinned?: number } }>({
      dialect: new SqliteDialect({ database: withStatementCache(database) }),
    });
    await sql`create table notes (id integer primary key, body text not null)`.execute(db);
    await db.insertInto('notes').values({ id: 1, body: 'first' }).execute();
    expect(await db.selectFrom('notes').selectAll().execute()).toEqual([{ id: 1, body: 'first' }]);
    await sql`alter table notes add column pinned integer not null default 0`.execute(db);
    expect(await db.selectFrom('notes').selectAll().execute()).toEqual([{ id: 1, body: 'first', pinned: 0 }]);
    await db.destroy();
    expect(database.open).toBe(false);
  });
});
