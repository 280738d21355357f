import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestMember } from '../test/seed-members.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { eventsAfter, recordEvents } from './event-store.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

describe('a member’s event ids commit in order', () => {
  it('a reader moving its cursor while writers commit out of turn never skips an event', async () => {
    const [ada, bo] = [
      await insertTestMember(database.db, 'ada@example.com'),
      await insertTestMember(database.db, 'bo@example.com'),
    ];
    const { db } = database;
    const WRITERS = 40;
    // Each writer records an event for ada (half of them for bo too), then stays in its transaction a
    // random while before it commits: on PostgreSQL, ids drawn from the sequence would commit out of
    // order without the member's lock.
    let done = false;
    const writers = Promise.all(
      Array.from({ length: WRITERS }, (_, i) =>
        db.transaction().execute(async (trx) => {
          const to = i % 2 ? [ada, bo] : [ada];
          await recordEvents(
            trx,
            to.map((id) => ({ to: id, event: { type: 'credits', credits: i } })),
            { at: Date.now() },
          );
          if (database.engine === 'postgres') await sql`select pg_sleep(random() * 0.02)`.execute(trx);
        }),
      ),
    ).finally(() => (done = true));
    // A stream's reader: after its cursor, oldest first, the cursor at the last id read.
    const read: number[] = [];
    let cursor = 0;
    for (let last = false; !last;) {
      last = done;
      const rows = await eventsAfter(db, ada, cursor, 200);
      read.push(...rows.map((r) => r.id));
      if (rows.length > 0) cursor = rows.at(-1)!.id;
    }
    await writers;
    const all = await eventsAfter(db, ada, 0, 1_000);
    expect(all).toHaveLength(WRITERS);
    expect(read).toEqual(all.map((r) => r.id));
  });
});
