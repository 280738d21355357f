import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { compiledQuery } from './compiled-query.ts';
import type { Db } from './database.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db
    .insertInto('jobs')
    .values(
      [1, 2, 3].map((n) => ({
        name: `shape-${n}`,
        payload: '{}',
        unique_key: null,
        status: 'done' as const,
        run_at: n,
        max_attempts: 1,
        locked_until: null,
        locked_by: null,
        last_error: null,
        created_at: n,
        finished_at: n,
      })),
    )
    .execute();
});
afterAll(() => database.drop());

const jobsDueBy = compiledQuery((db: Db, p: { prefix: string; until: number }) =>
  db
    .selectFrom('jobs')
    .select(['name', 'run_at'])
    .where('name', 'like', p.prefix)
    .where('run_at', '<=', p.until)
    .orderBy('run_at'),
);

describe('compiledQuery', () => {
  it('fills each call in with its own values, on the database and inside a transaction', async () => {
    expect(await jobsDueBy.all(database.db, { prefix: 'shape-%', until: 2 })).toEqual([
      { name: 'shape-1', run_at: 1 },
      { name: 'shape-2', run_at: 2 },
    ]);
    expect(await jobsDueBy.first(database.db, { prefix: 'shape-%', until: 0 })).toBeUndefined();
    await database.db.transaction().execute(async (trx) => {
      await trx.updateTable('jobs').set({ run_at: 0 }).where('name', '=', 'shape-3').execute();
      // The transaction's own write shows: the query ran on its connection.
      expect(await jobsDueBy.all(trx, { prefix: 'shape-3', until: 0 })).toEqual([{ name: 'shape-3', run_at: 0 }]);
    });
    expect(jobsDueBy.compile(database.db, { prefix: 'a', until: 1 }).sql).toBe(
      jobsDueBy.compile(database.db, { prefix: 'b', until: 2 }).sql,
    );
  });

  it('refuses a parameter the build computed with instead of placing it', async () => {
    const computed = compiledQuery((db: Db, p: { after: number }) =>
      db
        .selectFrom('jobs')
        .select('name')
        .where('run_at', '>', Number(p.after) + 1),
    );
    expect(() => computed.compile(database.db, { after: 1 })).toThrow(/after/);
  });
});
