import { COUNTRIES } from '@datekit/runtime/data/countries';
import { SWIPE_LIKES_PER_DAY } from '@datekit/runtime/rules/constants';
import { startOfLocalDay } from '@datekit/runtime/rules/daily';
import { resolveSearchFilters } from '@datekit/runtime/rules/search';
import type { Brand } from '@datekit/runtime/schemas/brand';
import { lockMember } from '../../db/lock-member.ts';
import { ApiError } from '../../errors/api-error.ts';
import { defineRoute } from '../../http/define-route.ts';
import { swipeCandidatesRoute, swipeLikeRoute } from '@datekit/runtime/schemas/api/contracts/likes';
import type { Services } from '../../services.ts';
import { announceLike } from '../likes/likes.routes.ts';
import { storeLike } from '../likes/match-moment.ts';
import { contactableProfile } from '../members/contact-rules.ts';
import { searchScope } from '../search/search-conditions.ts';
import { candidateProfiles, swipesSince } from './swipe.queries.ts';
import { toProfileJson } from '../users/user-json.ts';
import { RATE_LIMITS } from '../../ops/rate-limits.ts';

const CANDIDATES = 10;

/** The day of the swipe game turns at midnight in the brand's main country (documented in the README). */
function dayStart(services: Services, brand: Brand): number {
  return startOfLocalDay(services.now(), COUNTRIES[brand.countries[0]!].timeZone);
}

export const swipeCandidates = defineRoute({
  contract: swipeCandidatesRoute,
  summary: `Swipe game: the next members to judge (the niche's search defaults, not liked yet) and how many of today's ${SWIPE_LIKES_PER_DAY} likes are left.`,
  auth: 'member',
  handler: async ({ member, brand, services }) => {
    const since = dayStart(services, brand);
    const filters = resolveSearchFilters({}, services.searchDefaults[brand.niche.slug]);
    const scope = searchScope(brand, member.id, services.now());
    const [rows, used] = await Promise.all([
      candidateProfiles(services.db, scope, filters, CANDIDATES),
      swipesSince(services.db, member.id, since),
    ]);
    return {
      candidates: rows.map((r) => toProfileJson(r, services.now())),
      likes_left: Math.max(0, SWIPE_LIKES_PER_DAY - used),
      resets_at: new Date(since + 86_400_000).toISOString(),
    };
  },
});

export const swipeLike = defineRoute({
  contract: swipeLikeRoute,
  rateLimit: RATE_LIMITS.likes,
  summary: `Like a member in the swipe game: at most ${SWIPE_LIKES_PER_DAY} a day, counted by the server.`,
  auth: 'member',
  errors: ['cannot_like_self', 'not_found', 'blocked_by', 'swipe_limit'],
  idempotent: true,
  handler: async ({ body, member, brand, services }) => {
    const target = await contactableProfile(services, member, body.profile_id);
    const since = dayStart(services, brand);
    const used = await services.db.transaction().execute(async (trx) => {
      await lockMember(trx, services.engine, member.id);
      const stored = await storeLike(trx, services, { likerId: member.id, likedId: target.id, source: 'swipe' });
      const count = await swipesSince(trx, member.id, since);
      // Counted after inserting, under the member's lock: parallel swipes cannot pass the limit together.
      if (stored.liked && count > SWIPE_LIKES_PER_DAY) {
        throw new ApiError(
          'swipe_limit',
          { count: SWIPE_LIKES_PER_DAY },
          { resets_at: new Date(since + 86_400_000).toISOString() },
        );
      }
      if (stored.liked) await announceLike(services, trx, member.id, target.id, stored.match);
      return { count, match: stored.liked ? stored.match : target.contactedViewer };
    });
    return {
      match: used.match,
      likes_left: Math.max(0, SWIPE_LIKES_PER_DAY - used.count),
      resets_at: new Date(since + 86_400_000).toISOString(),
    };
  },
});

export const swipeRoutes = [swipeCandidates, swipeLike];
