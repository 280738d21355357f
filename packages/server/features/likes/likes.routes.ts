import { resolveSearchFilters } from '@datekit/runtime/rules/search';
import { defineRoute } from '../../http/define-route.ts';
import { autoLikeRoute, likeRoute, likesRoute, unlikeRoute } from '@datekit/runtime/schemas/api/contracts/likes';
import type { Db } from '../../db/database.ts';
import type { Services } from '../../services.ts';
import { contactableProfile } from '../members/contact-rules.ts';
import { queueLikeMail } from '../notifications/mail-notifications.ts';
import { queuePush } from '../../push/push-notifications.ts';
import { toProfileJson } from '../users/user-json.ts';
import { RATE_LIMITS } from '../../ops/rate-limits.ts';
import { fictionalFirstLike, storeLike } from './match-moment.ts';
import { matchMomentRoutes } from './match-moment.routes.ts';
import { fictionalLiker, likeProfiles, likesOf, newestUnseenLiker, removeLike } from './likes.queries.ts';
import { searchScope } from '../search/search-conditions.ts';

export const listLikes = defineRoute({
  contract: likesRoute,
  summary: 'Received likes (liked_by, with like_new), sent likes and matches, with the profiles they name.',
  auth: 'member',
  handler: async ({ member, services }) => {
    // Two queries whatever the number of likes: the like rows, then the profiles they name.
    const rows = await likesOf(services.reads, member.id);
    type LikeRow = (typeof rows)[number];
    // The other member of a like: whom she liked, or who liked her.
    const other = (r: LikeRow) => (r.liker_id === member.id ? r.liked_id : r.liker_id);
    const ids = [...new Set(rows.map(other))];
    const profiles = ids.length ? await likeProfiles(services.reads, member.id, ids) : [];
    const visible = new Set(profiles.map((p) => p.id));
    // Members others see with a photo come before those without (0 before 1), as in every list.
    const withPhoto = new Set(profiles.filter((p) => p.photo_status === 'active').map((p) => p.id));
    const photoless = (id: number) => (withPhoto.has(id) ? 0 : 1);
    // Received: new first (spec §4), then with a photo, then newest. Sent and matches: photo, newest.
    const photoThenNewest = (a: LikeRow, b: LikeRow) =>
      photoless(other(a)) - photoless(other(b)) || b.created_at - a.created_at;
    const received = rows
      .filter((r) => r.liked_id === member.id)
      .sort((a, b) => b.is_new - a.is_new || photoThenNewest(a, b));
    const sent = rows.filter((r) => r.liker_id === member.id).sort(photoThenNewest);
    const sentIds = new Set(sent.map((r) => r.liked_id));
    const receivedByPhoto = [...received].sort(photoThenNewest);
    const now = services.now();
    return {
      profiles: profiles.map((p) => toProfileJson(p, now)),
      liked_by: received
        .filter((r) => visible.has(r.liker_id))
        .map((r) => ({ id: r.liker_id, like_new: r.is_new === 1 })),
      likes: sent.filter((r) => visible.has(r.liked_id)).map((r) => ({ id: r.liked_id })),
      matches: receivedByPhoto.filter((r) => sentIds.has(r.liker_id) && visible.has(r.liker_id)).map((r) => r.liker_id),
    };
  },
});

export const like = defineRoute({
  contract: likeRoute,
  rateLimit: RATE_LIMITS.likes,
  summary: 'Like a member. Answers whether this makes a match (they liked you too). Liking twice changes nothing.',
  auth: 'member',
  errors: ['cannot_like_self', 'not_found', 'blocked_by'],
  idempotent: true,
  handler: async ({ body, member, services }) => {
    const target = await contactableProfile(services, member, body.profile_id);
    // Whether it is a match is decided in the transaction that stores the like (storeLike), not before it.
    const { match } = await services.db.transaction().execute(async (trx) => {
      const stored = await storeLike(trx, services, { likerId: member.id, likedId: target.id });
      if (stored.liked) await announceLike(services, trx, member.id, target.id, stored.match);
      return stored.liked ? stored : { match: target.contactedViewer };
    });
    return { match };
  },
});

/**
 * The liked member's tabs learn of the like; on a match, both members' tabs get one `match` event
 * each (delivered when `trx` commits, across instances through the event bus), which shows the match
 * moment live; the liked member's notification mail is queued. Recorded in `trx`, the transaction
 * that stores the like, last.
 */
export async function announceLike(
  services: Services,
  trx: Db,
  likerId: number,
  likedId: number,
  match: boolean,
): Promise<void> {
  await queueLikeMail(trx, { likerId, likedId, match }, services.now(), services.config.notificationBatchMs);
  await queuePush(
    services,
    trx,
    { kind: match ? 'match' : 'like', recipientId: likedId, otherId: likerId },
    services.now(),
  );
  await services.events.publishAll(trx, [
    { to: likedId, event: { type: match ? 'match' : 'like', profile_id: likerId } },
    ...(match ? [{ to: likerId, event: { type: 'match' as const, profile_id: likedId } }] : []),
  ]);
}

export const unlike = defineRoute({
  contract: unlikeRoute,
  summary: 'Take a like back.',
  auth: 'member',
  handler: async ({ body, member, services }) => {
    await removeLike(services.db, member.id, body.profile_id);
    return { ok: true as const };
  },
});

export const autoLike = defineRoute({
  contract: autoLikeRoute,
  summary:
    "For the like/match modal without a profile: the newest member whose like you have not seen yet, or null. A member whom nobody liked yet is liked by one of the brand's fictional members (marked as such) whom the search shows her, once.",
  auth: 'member',
  handler: async ({ member, brand, services }) => {
    const filters = resolveSearchFilters({}, services.searchDefaults[brand.niche.slug]);
    const scope = searchScope(brand, member.id, services.now());
    const row =
      (await newestUnseenLiker(services.db, member.id)) ??
      (await fictionalFirstLike(services, member.id, (db) => fictionalLiker(db, scope, filters)));
    return { profile: row ? toProfileJson(row, services.now()) : null };
  },
});

export const likeRoutes = [listLikes, like, unlike, autoLike, ...matchMomentRoutes];
