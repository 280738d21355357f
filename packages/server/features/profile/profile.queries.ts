import type { Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ProfilesTable } from '../../db/schema.ts';
import { memberChanged } from '../users/member-cache.ts';

/** The member's own profile row, every column. */
export function ownProfileRow(db: Db, memberId: number) {
  return db.selectFrom('profiles').selectAll().where('id', '=', memberId).executeTakeFirstOrThrow();
}

/** The ids of the member's interests, in id order. */
export async function interestIdsOf(db: Db, memberId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('profile_interests')
    .select('interest_id')
    .where('profile_id', '=', memberId)
    .orderBy('interest_id')
    .execute();
  return rows.map((r) => r.interest_id);
}

/** The member's country, region and city as stored. */
export function townOf(db: Db, memberId: number) {
  return db
    .selectFrom('profiles')
    .select(['country', 'region', 'city'])
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
}

/** Writes `changes` to the member's profile. */
export async function updateProfileRow(db: Db, memberId: number, changes: Updateable<ProfilesTable>): Promise<void> {
  await db.updateTable('profiles').set(changes).where('id', '=', memberId).execute();
  await memberChanged(db, memberId);
}

/** Makes `interests` (duplicates once) the member's interests; `db` should be a transaction. */
export async function replaceInterests(db: Db, memberId: number, interests: readonly number[]): Promise<void> {
  await db.deleteFrom('profile_interests').where('profile_id', '=', memberId).execute();
  await memberChanged(db, memberId);
  const unique = [...new Set(interests)];
  if (unique.length) {
    await db
      .insertInto('profile_interests')
      .values(unique.map((interest_id) => ({ profile_id: memberId, interest_id })))
      .execute();
  }
}
