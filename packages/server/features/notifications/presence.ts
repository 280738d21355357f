import { commitWithoutFlush } from '../../db/async-commit.ts';
import type { Db } from '../../db/database.ts';

/**
 * A member counts as having a tab open while one of their event streams, on any instance, reported
 * within this window: the heartbeat writes it for every open stream every 25 s, and for a new stream
 * within a second of its opening (realtime/stream-heartbeat.ts), so the window is a little over two
 * heartbeats. A tab closed within the window still counts for that long.
 */
export const PRESENCE_WINDOW_MS = 60_000;

/** Whether the member has a tab open (an event stream reported within PRESENCE_WINDOW_MS). */
export async function hasOpenTab(db: Db, userId: number, now: number, windowMs = PRESENCE_WINDOW_MS): Promise<boolean> {
  const row = await db
    .selectFrom('member_presence')
    .select('stream_seen_at')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined && row.stream_seen_at > now - windowMs;
}

/** Members per statement in `markStreamsSeen` (two parameters each, well under SQLite's limit). */
const PRESENCE_CHUNK = 1_000;

/**
 * Records that these members have an open event stream now (one row per member, shared by every
 * instance): the heartbeat's batch for every stream of a process, in a few statements.
 */
export async function markStreamsSeen(db: Db, userIds: readonly number[], now: number): Promise<void> {
  if (userIds.length === 0) return;
  // Written again within 25 s: a crash of the database may lose it (db/async-commit.ts).
  await commitWithoutFlush(db, async (trx) => {
    for (let i = 0; i < userIds.length; i += PRESENCE_CHUNK) {
      await trx
        .insertInto('member_presence')
        .values(userIds.slice(i, i + PRESENCE_CHUNK).map((id) => ({ user_id: id, stream_seen_at: now })))
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ stream_seen_at: now }))
        .execute();
    }
  });
}
