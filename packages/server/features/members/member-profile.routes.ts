import { ApiError } from '../../errors/api-error.ts';
import { defineRoute } from '../../http/define-route.ts';
import { memberRoute } from '@datekit/runtime/schemas/api/contracts/members';
import { memberPhotoList } from '../photos/member-photo-list.ts';
import { toProfileJson } from '../users/user-json.ts';
import { reachableProfile } from './contact-rules.ts';
import {
  admittedDetails,
  admittedProfile,
  DETAIL_FIELDS,
  interestsOf,
  likes,
  markLikeSeen,
} from './members.queries.ts';

export const memberProfile = defineRoute({
  contract: memberRoute,
  summary:
    "Another member's profile with your relation to them and their photos (as member-photos.php). Opening it clears the new flag of their like (spec §4). Blocked: 403 blocked_by. Your own id answers your profile as others see it, with your photos also while they await their check (status inspection), and no relation.",
  auth: 'member',
  errors: ['not_found', 'blocked_by'],
  handler: async ({ query, member, brand, services }) => {
    // Her own page: herself as others see her, except that her photo shows while it awaits its check.
    const own = query.id === member.id;
    const target = own ? null : await reachableProfile(services, member, query.id);
    const id = target?.id ?? member.id;
    const visible = new Set<string>(brand.visible_profile_fields);
    const [row, liked, , details, interests, photos] = await Promise.all([
      admittedProfile(services.reads, id),
      target ? likes(services.reads, member.id, target.id) : false,
      target ? markLikeSeen(services.db, target.id, member.id) : undefined,
      admittedDetails(services.reads, id),
      visible.has('interests') ? interestsOf(services.reads, id) : [],
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
