import { sql } from 'kysely';
import { MAIL_DISABLED_REASONS } from '@datekit/runtime/data/notifications';
import type { Db } from '../../db/database.ts';

/** The account columns every view of a member starts from (`users as u`). */
export const ACCOUNT_COLUMNS = [
  'u.id',
  'u.brand',
  'u.email',
  'u.status',
  'u.language',
  'u.paid_user',
  'u.created_at',
] as const;

/** Where a member's signup came from (`users as u`): the dashboards group by it, the member page shows it. */
export const ATTRIBUTION_COLUMNS = ['u.network', 'u.ref', 'u.sub1', 'u.sub2', 'u.sub3'] as const;

/** What a profile shows of a member in a list (`profiles as p`), with her main photo (`photos as ph`). */
const PROFILE_COLUMNS = [
  'p.name',
  'p.birth_date',
  'p.country',
  'p.city',
  'p.lat',
  'p.lon',
  'p.status as profile_status',
  'p.fictional',
  'ph.filename as photo_filename',
  'ph.thumb_filename as photo_thumb',
  'ph.match_filename as photo_match',
  'ph.status as photo_status',
] as const;

/**
 * Public profiles with their main photo, for lists (search, likes, chats, teasers): no account fields,
 * no balance. A member pending deletion, banned or suspended is in none of them, whatever else the
 * caller filters on.
 * Callers add their own `where`, order and limit.
 */
export function selectProfiles(db: Db) {
  return db
    .selectFrom('profiles as p')
    .leftJoin('photos as ph', (join) => join.onRef('ph.profile_id', '=', 'p.id').on('ph.is_main', '=', 1))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('users as gone')
            .select('gone.id')
            .whereRef('gone.id', '=', 'p.id')
            .where((gone) =>
              gone.or([gone('gone.deletion_requested_at', 'is not', null), gone('gone.sanction', 'is not', null)]),
            ),
        ),
      ),
    )
    .select(['p.id', ...PROFILE_COLUMNS]);
}

/**
 * For lists of `selectProfiles`: 0 for a member whom others see with a photo (an approved main photo),
 * 1 for the rest. Lists order by it first, so members without a visible photo come after those with
 * one (search, first matches, likes, the swipe game); the join it reads is the one the list has.
 */
export const withoutVisiblePhoto = sql<number>`case when ph.status = 'active' then 0 else 1 end`;

export type ProfileRow = NonNullable<Awaited<ReturnType<ReturnType<typeof selectProfiles>['executeTakeFirst']>>>;

/**
 * A member with account fields, profile, main photo and credit balance, in one query. Callers add
 * their own `where` (and joins, such as sessions).
 */
export function selectMembers(db: Db) {
  return db
    .selectFrom('users as u')
    .innerJoin('profiles as p', 'p.id', 'u.id')
    .leftJoin('photos as ph', (join) => join.onRef('ph.profile_id', '=', 'u.id').on('ph.is_main', '=', 1))
    .select((eb) => [
      ...ACCOUNT_COLUMNS,
      ...PROFILE_COLUMNS,
      'p.about',
      // What the profile still lacks (user.php's profile_missing): any photo, also one awaiting its check.
      eb
        .exists(eb.selectFrom('photos as anyph').select('anyph.id').whereRef('anyph.profile_id', '=', 'u.id'))
        .as('has_photo'),
      eb
        .exists(eb.selectFrom('profile_interests as pi').select('pi.profile_id').whereRef('pi.profile_id', '=', 'u.id'))
        .as('has_interests'),
      // Whether the member has reached out to someone (a like, a conversation started): the push alert
      // waits for it, so the browser's prompt comes when notifications would be about someone. Both
      // lookups are index-only (likes_swipes, conversations_started_by).
      eb
        .or([
          eb.exists(eb.selectFrom('likes as rl').select('rl.liker_id').whereRef('rl.liker_id', '=', 'u.id')),
          eb.exists(
            eb.selectFrom('conversations as rc').select('rc.started_by').whereRef('rc.started_by', '=', 'u.id'),
          ),
        ])
        .as('reached_out'),
      eb
        .selectFrom('credit_ledger as l')
        .select(sql<number>`coalesce(sum(l.amount), 0)`.as('balance'))
        .whereRef('l.user_id', '=', 'u.id')
        .as('credits'),
      ...MAIL_DISABLED_REASONS.map((reason) =>
        eb
          .exists(
            eb
              .selectFrom('mail_suppressions as ms')
              .select('ms.user_id')
              .whereRef('ms.user_id', '=', 'u.id')
              .where('ms.reason', '=', reason),
          )
          .as(`mail_off_${reason}` as const),
      ),
    ]);
}

export type MemberRow = NonNullable<Awaited<ReturnType<ReturnType<typeof selectMembers>['executeTakeFirst']>>>;
