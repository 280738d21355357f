import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Services } from '../../services.ts';
import { visibleTo } from '../members/visible-to.ts';
import { selectProfiles, type ProfileRow } from '../users/member-row.ts';
import { memberChanged } from '../users/member-cache.ts';

/**
 * The "It's a Match" moment: a member meets each of her matches once. The live `match` event shows it
 * in her open tabs; a member who was offline meets it on her next page. Her own like row carries her
 * seen state (`likes.match_seen_at`): null while the match is unseen.
 */

/** The first half of the advisory lock that orders two members' likes of each other (PostgreSQL). */
export const LIKE_PAIR_LOCK_CLASS = 7_310_002;

/**
 * Stores the like of `likerId` for `likedId` in `trx` and answers whether it was new and whether it
 * made a match. On PostgreSQL the pair is locked first, so two members liking each other at the same
 * moment cannot both miss the other's like: the second sees the first's committed row and makes the
 * match. A new match is unseen for both (the other member may have seen an earlier one with them).
 */
export async function storeLike(
  trx: Db,
  services: Services,
  like: { likerId: number; likedId: number; source?: 'profile' | 'swipe' },
): Promise<{ liked: boolean; match: boolean }> {
  const { likerId, likedId } = like;
  if (services.engine === 'postgres') {
    const pair = `${Math.min(likerId, likedId)}:${Math.max(likerId, likedId)}`;
    await sql`select pg_advisory_xact_lock(${LIKE_PAIR_LOCK_CLASS}, hashtext(${pair}))`.execute(trx);
  }
  const inserted = await trx
    .insertInto('likes')
    .values({ liker_id: likerId, liked_id: likedId, created_at: services.now(), source: like.source ?? 'profile' })
    .onConflict((oc) => oc.columns(['liker_id', 'liked_id']).doNothing())
    .executeTakeFirst();
  const liked = Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
  if (!liked) return { liked, match: false };
  await memberChanged(trx, likerId);
  // The other member's like, if any, is theirs to see anew: an update of no row means no match.
  const back = await trx
    .updateTable('likes')
    .set({ match_seen_at: null })
    .where('liker_id', '=', likedId)
    .where('liked_id', '=', likerId)
    .executeTakeFirst();
  return { liked, match: Number(back.numUpdatedRows) > 0 };
}

/** The member's newest match she has not seen yet, in one query; undefined when there is none. */
export function unseenMatch(db: Db, memberId: number): Promise<ProfileRow | undefined> {
  return (
    selectProfiles(db)
      .innerJoin('likes as mine', (join) => join.onRef('mine.liked_id', '=', 'p.id').on('mine.liker_id', '=', memberId))
      .innerJoin('likes as theirs', (join) =>
        join.onRef('theirs.liker_id', '=', 'p.id').on('theirs.liked_id', '=', memberId),
      )
      .where('mine.match_seen_at', 'is', null)
      // A blocked match is no moment to show (spec §6); a match keeps to its brand and shows the invisible.
      .where((eb) =>
        visibleTo(eb, memberId, { brand: null, activeOnly: true, hideInvisible: false, hideBlocked: true }),
      )
      .orderBy('mine.created_at', 'desc')
      .limit(1)
      .executeTakeFirst()
  );
}

/** The member saw her match moment with `profileId`; a second call changes nothing. */
export async function markMatchSeen(db: Db, memberId: number, profileId: number, now: number): Promise<void> {
  await db
    .updateTable('likes')
    .set({ match_seen_at: now })
    .where('liker_id', '=', memberId)
    .where('liked_id', '=', profileId)
    .where('match_seen_at', 'is', null)
    .execute();
}

/**
 * For a new member whom nobody liked yet (spec §7 auto-like): a fictional member of her brand whom the
 * search would show her likes her, so that her first like back makes a match early. The profile is
 * the brand's own fictional member and is marked as such wherever it shows; it likes each member at
 * most once, and only members who never received a like. Answers the profile, or undefined.
 */
export async function fictionalFirstLike(
  services: Services,
  memberId: number,
  candidates: (db: Db) => Promise<ProfileRow | undefined>,
): Promise<ProfileRow | undefined> {
  return services.db.transaction().execute(async (trx) => {
    const liked = await trx
      .selectFrom('likes')
      .select('liker_id')
      .where('liked_id', '=', memberId)
      .limit(1)
      .executeTakeFirst();
    if (liked) return undefined;
    const profile = await candidates(trx);
    if (!profile) return undefined;
    const { liked: isNew } = await storeLike(trx, services, { likerId: profile.id, likedId: memberId });
    if (!isNew) return undefined;
    // The member's other tabs count the like; no mail or push: she is on the site, looking at it.
    await services.events.publish(trx, memberId, { type: 'like', profile_id: profile.id });
    return profile;
  });
}
