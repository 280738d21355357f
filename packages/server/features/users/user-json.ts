import { toLocale } from '@datekit/runtime/data/locales';
import { MAIL_DISABLED_REASONS } from '@datekit/runtime/data/notifications';
import { missingSteps } from '@datekit/runtime/rules/profile-completeness';
import { ageOn } from '@datekit/runtime/rules/signup';
import type { Profile, User } from '@datekit/runtime/schemas/api/user';
import type { MemberRow, ProfileRow } from './member-row.ts';

export const MEDIA_PREFIX = '/media/';

/**
 * A member as the API shows them to others (spec §3 Profile). Never leaks account fields. Others get
 * the main photo only once an operator approved it; its owner (`view: 'owner'`) gets it while it
 * waits too, with status `inspection`, so they see what they uploaded marked "awaiting check".
 */
export function toProfileJson(row: ProfileRow, now: number, view: 'others' | 'owner' = 'others'): Profile {
  return {
    id: row.id,
    name: row.name,
    age: ageOn(row.birth_date, new Date(now)) ?? 0,
    country: row.country,
    city: row.city,
    status: row.profile_status,
    fictional: row.fictional === 1,
    main_image: mainImage(row, view),
  };
}

function mainImage(row: ProfileRow, view: 'others' | 'owner'): Profile['main_image'] {
  if (!row.photo_filename || !row.photo_thumb || !row.photo_match || !row.photo_status) return null;
  if (row.photo_status !== 'active' && view !== 'owner') return null;
  return {
    filename: MEDIA_PREFIX + row.photo_filename,
    thumb_filename: MEDIA_PREFIX + row.photo_thumb,
    match: MEDIA_PREFIX + row.photo_match,
    status: row.photo_status,
  };
}

/** The logged-in member's own view of their account (spec §3 User). */
export function toUserJson(row: MemberRow, now: number): User {
  return {
    profile: toProfileJson(row, now, 'owner'),
    email: row.email,
    paid_user: row.paid_user === 1,
    credits: Number(row.credits ?? 0),
    language: toLocale(row.language) ?? 'en',
    status: row.status,
    notifications_disabled: MAIL_DISABLED_REASONS.filter((reason) => Boolean(Number(row[`mail_off_${reason}`]))),
    signup_date: new Date(row.created_at).toISOString(),
    profile_missing: missingSteps({
      hasPhoto: Boolean(Number(row.has_photo)),
      about: row.about,
      hasInterests: Boolean(Number(row.has_interests)),
      city: row.city,
    }),
    reached_out: Boolean(Number(row.reached_out)),
  };
}
