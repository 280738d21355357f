import { z } from 'zod';
import { SEARCH_SORTS } from '../../rules/search.ts';
import { profileSchema } from './user.ts';

const detail = z.string().nullable().optional();

/**
 * Another member's profile as `GET /api/member.php` answers it: the brand's `visible_profile_fields`
 * only, nothing else leaves the server. Each detail field is present only when the brand shows it.
 */
export const memberProfileSchema = profileSchema.extend({
  gender: detail,
  sexuality: detail,
  relationship_status: detail,
  hair_colour: detail,
  eye_colour: detail,
  body_type: detail,
  tattoos: detail,
  signup_reason: detail,
  region: detail,
  about: detail,
  /** Interest ids of the fixed catalogue (`GET /api/interests.php`). */
  interests: z.array(z.number()).optional(),
});

/** You and this member (spec §4, §6). */
export const relationSchema = z.object({
  liked: z.boolean(),
  likes_you: z.boolean(),
  match: z.boolean(),
  /** You blocked them. */
  blocked: z.boolean(),
});

/** One photo of `GET /api/member-photos.php`: in full, or (for free viewers) only the server's blurred copy. */
export const memberPhotoSchema = z.union([
  z.object({
    id: z.number(),
    locked: z.literal(false),
    filename: z.string(),
    thumb_filename: z.string(),
    /** Awaiting its check: only in the owner's answer about herself; nobody else ever gets such a photo. */
    pending: z.literal(true).optional(),
  }),
  z.object({ id: z.number(), locked: z.literal(true), blurred: z.string().nullable() }),
]);

/**
 * GET /api/member.php. With the member's photos (as member-photos.php lists them), so that a profile is
 * one request: a gone member is one 404, not two.
 */
export const memberResponseSchema = relationSchema.extend({
  profile: memberProfileSchema,
  photos: z.array(memberPhotoSchema),
});

/** GET /api/member-photos.php */
export const memberPhotosResponseSchema = z.object({ photos: z.array(memberPhotoSchema) });

/**
 * A member in search's results: the profile, how far away she lives (whole kilometres between the two
 * towns' centres; null when either town is unknown or the searcher is a visitor) and her photos as
 * the searcher may see them (`memberPhotoSchema`'s rules, main first, at most `CARD_PHOTOS`).
 */
export const searchProfileSchema = profileSchema.extend({
  distance_km: z.number().int().nullable(),
  photos: z.array(memberPhotoSchema),
});

/** GET /api/members.php: one page of the search. */
export const searchResponseSchema = z.object({
  profiles: z.array(searchProfileSchema),
  /** Matching members, counted up to SEARCH_COUNT_CAP. */
  total: z.number(),
  /** True when there are more than `total` (shown as "1000+"). */
  total_capped: z.boolean(),
  page: z.number(),
  page_size: z.number(),
  similar: z.array(searchProfileSchema),
  /** The order applied: `nearest` only when asked for and the searcher's town is known. */
  sort: z.enum(SEARCH_SORTS),
  /**
   * Whether "nearest first" can apply: `available` for a member whose town is a known place,
   * `needs_town` for a member without one (her profile's place is the way to it), null for visitors.
   */
  nearest: z.enum(['available', 'needs_town']).nullable(),
});

/** GET /api/new-members.php: the newest members. */
export const newMembersResponseSchema = z.object({ profiles: z.array(profileSchema) });

/**
 * GET /api/member-preview.php: the card of the member a visitor's first message goes to (on
 * `/members/{id}/signup`): name, age, town and approved main photo, as search and the home page's
 * teaser already show visitors; nothing of the profile beyond that.
 */
export const memberPreviewResponseSchema = z.object({ profile: profileSchema });

export type MemberProfile = z.infer<typeof memberProfileSchema>;
export type Relation = z.infer<typeof relationSchema>;
export type MemberPhoto = z.infer<typeof memberPhotoSchema>;
export type SearchResponse = z.infer<typeof searchResponseSchema>;
export type SearchProfile = z.infer<typeof searchProfileSchema>;
