import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markStreamsSeen } from '../features/notifications/presence.ts';
import { insertMember } from '../features/users/insert-member.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { recordEvents } from './event-store.ts';
import { StreamHeartbeat } from './stream-heartbeat.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

async function member(i: number): Promise<number> {
  return insertMember(database.db, {
    brand: 'alpha.test',
    email: `beat-${i}@example.com`,
    passwordHash: null,
    status: 'active',
    language: 'en',
    createdAt: Date.now(),
    acceptedTermsAt: null,
    profile: { name: `Beat${i}`, gender: 'female', birth_date: '1990-01-01', country: 'NL', status: 'active' },
  });
}

describe('the shared heartbeat of a process', () => {
  it('pings every stream, marks every member present in one go, and wakes only streams behind a recent event', async () => {
    const [anna, ben, cleo] = [await member(1), await member(2), await member(3)];
    const warnings: unknown[] = [];
    const heartbeat = new StreamHeartbeat({
      db: database.db,
      intervalMs: 25_000,
      now: () => 1_000_000,
      markSeen: markStreamsSeen,
      warn: (error) => warnings.push(error),
    });
    const pings = new Map<string, number>();
    const pumps = new Map<string, number>();
    const cursors = new Map<string, number>();
    const add = (name: string, memberId: number) =>
      heartbeat.add({
        memberId,
        ping: () => pings.set(name, (pings.get(name) ?? 0) + 1),
        pump: () => pumps.set(name, (pumps.get(name) ?? 0) + 1),
        cursor: () => cursors.get(name) ?? 0,
      });
    add('anna tab 1', anna);
    add('anna tab 2', anna);
    add('ben', ben);
    const closeCleo = add('cleo', cleo);
    closeCleo();
    await recordEvents(
      database.db,
      [
        { to: anna, event: { type: 'credits', credits: 5 } },
        { to: ben, event: { type: 'credits', credits: 6 } },
      ],
      { at: Date.now() },
    );
    const newestOf = async (memberId: number) =>
      Number(
        (
          await database.db
            .selectFrom('member_events')
            .select(({ fn }) => fn.max('id').as('id'))
            .where('member_id', '=', memberId)
            .executeTakeFirstOrThrow()
        ).id,
      );
    // Ben's stream heard of his event from the bus and read it, and so did Anna's second tab.
    cursors.set('ben', await newestOf(ben));
    cursors.set('anna tab 2', await newestOf(anna));

    await heartbeat.beat();

    expect(Object.fromEntries(pings)).toEqual({ 'anna tab 1': 1, 'anna tab 2': 1, ben: 1 });
    expect(Object.fromEntries(pumps)).toEqual({ 'anna tab 1': 1 });
    const seen = await database.db
      .selectFrom('member_presence')
      .select(['user_id', 'stream_seen_at'])
      .orderBy('user_id')
      .execute();
    expect(seen).toEqual([
      { user_id: anna, stream_seen_at: 1_000_000 },
      { user_id: ben, stream_seen_at: 1_000_000 },
    ]);
    expect(warnings).toEqual([]);
    expect(heartbeat.size).toBe(3);
  });

  it('records new streams as present in batches, not one write per open; a stream gone before its batch is left out', async () => {
    const batches: number[][] = [];
    const heartbeat = new StreamHeartbeat({
      db: database.db,
      intervalMs: 25_000,
      now: () => 1_000_000,
      markSeen: async (_db, memberIds) => void batches.push([...memberIds]),
      warn: () => undefined,
    });
    const open = (memberId: number) =>
      heartbeat.add({ memberId, ping: () => undefined, pump: () => undefined, cursor: () => 0 });
    const closers = [open(30), open(10), open(20), open(10)];
    const gone = open(40);
    gone();
    await heartbeat.presenceWritten();
    expect(batches).toEqual([[10, 20, 30]]);
    // Opened right after a batch: written with the next one, at most PRESENCE_FLUSH_MS later.
    closers.push(open(50), open(60));
    await heartbeat.presenceWritten();
    expect(batches).toEqual([
      [10, 20, 30],
      [50, 60],
    ]);
    closers.forEach((close) => close());
  });
});
