import { ageOn, type Profile, toLocale, type User } from '@datekit/runtime';
import type { MemberRow, ProfileRow } from './member-row.ts';

export const MEDIA_PREFIX = '/media/';

/** A member as the API shows them to others (spec §3 Profile). Never leaks account fields. */
export function toProfileJson(row: ProfileRow, now: number): Profile {
  return {
    id: row.id,
    name: row.name,
    age: ageOn(row.birth_date, new Date(now)) ?? 0,
    country: row.country,
    city: row.city,
    status: row.profile_status,
    fictional: row.fictional === 1,
    main_image:
      row.photo_filename && row.photo_thumb && row.photo_match && row.photo_status
        ? {
            filename: MEDIA_PREFIX + row.photo_filename,
            thumb_filename: MEDIA_PREFIX + row.photo_thumb,
            match: MEDIA_PREFIX + row.photo_match,
            status: row.photo_status,
          }
        : null,
  };
}

/** The logged-in member's own view of their account (spec §3 User). */
export function toUserJson(row: MemberRow, now: number): User {
  return {
    profile: toProfileJson(row, now),
    email: row.email,
    paid_user: row.paid_user === 1,
    credits: Number(row.credits ?? 0),
    language: toLocale(row.language) ?? 'en',
    status: row.status,
    notifications_disabled: [],
    signup_date: new Date(row.created_at).toISOString(),
  };
}
