import type { Db } from '../../db/database.ts';
import { memberChanged } from '../users/member-cache.ts';

/** Records that `blockerId` blocks `blockedId`; blocking twice changes nothing. */
export async function insertBlock(db: Db, blockerId: number, blockedId: number, now: number): Promise<void> {
  await db
    .insertInto('blocks')
    .values({ blocker_id: blockerId, blocked_id: blockedId, created_at: now })
    .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
    .execute();
}

/** Takes a block back; no block, no change. */
export async function deleteBlock(db: Db, blockerId: number, blockedId: number): Promise<void> {
  await db.deleteFrom('blocks').where('blocker_id', '=', blockerId).where('blocked_id', '=', blockedId).execute();
}

/** Deletes the likes between two members, in both directions. */
export async function deleteLikesBetween(db: Db, one: number, other: number): Promise<void> {
  await db
    .deleteFrom('likes')
    .where((eb) =>
      eb.or([
        eb.and([eb('liker_id', '=', one), eb('liked_id', '=', other)]),
        eb.and([eb('liker_id', '=', other), eb('liked_id', '=', one)]),
      ]),
    )
    .execute();
  await memberChanged(db, [one, other]);
}

/** Deletes the conversation between two members (stored once, the lower id as member_a) with its messages. */
export async function deleteConversationBetween(db: Db, one: number, other: number): Promise<void> {
  await db
    .deleteFrom('conversations')
    .where('member_a', '=', Math.min(one, other))
    .where('member_b', '=', Math.max(one, other))
    .execute();
  await memberChanged(db, [one, other]);
}
