import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { messagesNewestFirst } from '../features/chat/chat.queries.ts';
import { searchPage } from '../features/search/search.queries.ts';
import { readStreamStart } from '../realtime/event-store.ts';
import { MAX_PREPARED_TEXTS, preparedTextCount } from './prepared-statements.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

/** The statements prepared on the connection `trx` runs on, by text. */
async function preparedOnConnection(trx: TestDatabase['db']): Promise<string[]> {
  const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(trx);
  return rows.map((row) => row.statement);
}

describe('prepared statements on PostgreSQL', () => {
  it('runs a query with parameters as a named statement, once per text and connection', async (context) => {
    if (database.engine !== 'postgres') return context.skip();
    await database.db.transaction().execute(async (trx) => {
      const byId = (id: number) => trx.selectFrom('users').select('id').where('id', '=', id);
      await byId(1).execute();
      await byId(2).execute();
      // One transaction is one connection: what it prepared is in its pg_prepared_statements.
      const statements = await preparedOnConnection(trx);
      expect(statements.filter((statement) => statement === byId(0).compile().sql)).toHaveLength(1);
    });
  });

  it('leaves a query of all columns unprepared, so a column added by a migration under it changes nothing', async (context) => {
    if (database.engine !== 'postgres') return context.skip();
    await sql`create table prepared_probe (a integer)`.execute(database.db);
    await sql`insert into prepared_probe (a) values (1)`.execute(database.db);
    const probe = sql<Record<string, unknown>>`select * from prepared_probe where a = ${1}`;
    // Every connection of the pool, so the one that runs it after the change has run it before.
    for (let i = 0; i < 12; i++) await Promise.all(Array.from({ length: 10 }, () => probe.execute(database.db)));
    await sql`alter table prepared_probe add column b integer`.execute(database.db);
    // Prepared, this is "cached plan must not change result type" on those connections.
    const results = await Promise.all(Array.from({ length: 10 }, () => probe.execute(database.db)));
    expect(results.map((r) => r.rows[0])).toEqual(Array.from({ length: 10 }, () => ({ a: 1, b: null })));
  });

  it('plans the member search for its values on every execution, never with a generic plan', async (context) => {
    if (database.engine !== 'postgres') return context.skip();
    const scope = { brand: 'alpha.test', countries: ['NL'], viewerId: 1, today: new Date() };
    const filters = {
      gender: 'female',
      country: null,
      countryregion: null,
      min_age: 18,
      max_age: 99,
      page: 1,
    } as const;
    await database.db.transaction().execute(async (trx) => {
      // More than the five runs after which PostgreSQL may keep a generic plan of a prepared statement.
      for (let run = 0; run < 7; run++) await searchPage(trx, scope, filters, [], 1);
      await trx.selectFrom('users').select('id').where('id', '=', 1).execute();
      const statements = await preparedOnConnection(trx);
      expect(statements.filter((statement) => statement.includes('"p"."photo_visible" desc'))).toEqual([]);
      // The same connection prepares the rest as before.
      expect(statements.some((statement) => statement.startsWith('select "id" from "users"'))).toBe(true);
    });
  });

  it("prepares a stream's start and a conversation's page: they name their columns, so no `select *` leaves them unprepared", async (context) => {
    if (database.engine !== 'postgres') return context.skip();
    await database.db.transaction().execute(async (trx) => {
      const start = { memberId: 1, tokenHash: 'none', now: Date.now(), resumeFrom: 0, limit: 100 };
      await readStreamStart(trx, start);
      await messagesNewestFirst(trx, 1, { since: 0, fromId: undefined, beforeId: undefined, size: 20 });
      // Unprepared, each was parsed and planned on every run: 0.4 ms of PostgreSQL's CPU per stream opened.
      const statements = await preparedOnConnection(trx);
      expect(statements.filter((statement) => statement.includes('with opening as'))).toHaveLength(1);
      expect(statements.filter((statement) => statement.includes('from "messages"'))).toHaveLength(1);
    });
  });

  it('leaves a text without parameters to the simple protocol, which runs several statements', async (context) => {
    if (database.engine !== 'postgres') return context.skip();
    // A prepared statement refuses this text ("cannot insert multiple commands into a prepared statement").
    await expect(sql`select 1 as n; select 2 as n`.execute(database.db)).resolves.toBeDefined();
  });

  it('stops naming new texts at its bound, and those still run', async (context) => {
    if (database.engine !== 'postgres') return context.skip();
    const before = preparedTextCount();
    // Texts of every length of an `in (…)` list, as a query over a list of ids makes them.
    for (let n = 1; before + n <= MAX_PREPARED_TEXTS + 5; n++) {
      const ids = Array.from({ length: n }, (_, i) => i + 1);
      const rows = await database.db.selectFrom('users').select('id').where('id', 'in', ids).execute();
      expect(rows).toEqual([]);
    }
    expect(preparedTextCount()).toBe(MAX_PREPARED_TEXTS);
  });
});
