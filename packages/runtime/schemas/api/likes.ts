import { z } from 'zod';
import { profileSchema } from './user.ts';

/** GET /api/likes.php (spec §3 "Likes response: profiles, liked_by"). */
export const likesResponseSchema = z.object({
  /** Every profile named in the lists below, once. */
  profiles: z.array(profileSchema),
  /** Received likes, new first, then newest first (spec §4). */
  liked_by: z.array(z.object({ id: z.number(), like_new: z.boolean() })),
  /** Sent likes, newest first. */
  likes: z.array(z.object({ id: z.number() })),
  /** Members who like each other. */
  matches: z.array(z.number()),
});

/** POST /api/like.php and /api/swipe.php: whether the like made a match. */
export const likeResponseSchema = z.object({ match: z.boolean() });

/**
 * GET /api/auto-like.php: the newest member whose like the member has not seen, or null. A member whom
 * nobody liked yet gets a like from one of the brand's fictional members (marked `fictional`) first.
 */
export const autoLikeResponseSchema = z.object({ profile: profileSchema.nullable() });

/**
 * GET /api/match-moment.php: the newest match the member has not seen yet (made while she was away),
 * or null. POST the same path with `{ profile_id }` once its moment showed.
 */
export const matchMomentResponseSchema = z.object({ profile: profileSchema.nullable() });
