import { z } from 'zod';
import { memberResponseSchema, routeIdSchema } from '@datekit/runtime';
import { ApiError } from '../../errors/api-error.ts';
import { defineRoute } from '../../http/define-route.ts';
import { memberPhotoList } from '../photos/member-photo-list.ts';
import { selectProfiles } from '../users/member-row.ts';
import { toProfileJson } from '../users/user-json.ts';
import { reachableProfile } from './contact-rules.ts';

/** The profile columns a brand may show to other members (its `visible_profile_fields`). */
const DETAIL_FIELDS = [
  'gender',
  'sexuality',
  'relationship_status',
  'hair_colour',
  'eye_colour',
  'body_type',
  'tattoos',
  'signup_reason',
  'region',
  'about',
] as const;

export const memberProfile = defineRoute({
  method: 'GET',
  url: '/api/member.php',
  summary:
    "Another member's profile with your relation to them and their photos (as member-photos.php). Opening it clears the new flag of their like (spec §4). Blocked: 403 blocked_by. Your own id answers your profile as others see it, with your photos also while they await their check (status inspection), and no relation.",
  auth: 'member',
  errors: ['not_found', 'blocked_by'],
  query: z.object({ id: routeIdSchema }),
  response: memberResponseSchema,
  handler: async ({ query, member, brand, services }) => {
    // Her own page: herself as others see her, except that her photo shows while it awaits its check.
    const own = query.id === member.id;
    const target = own ? null : await reachableProfile(services, member, query.id);
    const id = target?.id ?? member.id;
    const visible = new Set<string>(brand.visible_profile_fields);
    const [row, liked, , details, interests, photos] = await Promise.all([
      selectProfiles(services.db).where('p.id', '=', id).executeTakeFirst(),
      target
        ? services.db
            .selectFrom('likes')
            .select('liker_id')
            .where('liker_id', '=', member.id)
            .where('liked_id', '=', target.id)
            .executeTakeFirst()
        : undefined,
      target
        ? services.db
            .updateTable('likes')
            .set({ is_new: 0 })
            .where('liker_id', '=', target.id)
            .where('liked_id', '=', member.id)
            .where('is_new', '=', 1)
            .execute()
        : undefined,
      services.db.selectFrom('profiles').select(DETAIL_FIELDS).where('id', '=', id).executeTakeFirstOrThrow(),
      visible.has('interests')
        ? services.db
            .selectFrom('profile_interests')
            .select('interest_id')
            .where('profile_id', '=', id)
            .orderBy('interest_id')
            .execute()
        : [],
      memberPhotoList(services, member, id),
    ]);
    // Only the fields the brand shows on member pages (city and country are always part of the profile).
    const shown = Object.fromEntries(DETAIL_FIELDS.filter((f) => visible.has(f)).map((f) => [f, details[f]]));
    if (!row) throw new ApiError('not_found');
    return {
      profile: {
        ...toProfileJson(row, services.now(), own ? 'owner' : 'others'),
        ...shown,
        ...(visible.has('interests') ? { interests: interests.map((i) => i.interest_id) } : {}),
      },
      liked: Boolean(liked),
      likes_you: target?.contactedViewer ?? false,
      match: Boolean(liked) && Boolean(target?.contactedViewer),
      blocked: target?.blockedByViewer ?? false,
      photos,
    };
  },
});

export const memberProfileRoutes = [memberProfile];
