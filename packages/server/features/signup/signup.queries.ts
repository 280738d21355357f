import type { Db } from '../../db/database.ts';
import { visibleTo } from '../members/visible-to.ts';

/** The member a visitor signed up to contact, if she is a visible member of `brand` (as a visitor sees her). */
export function signupTarget(db: Db, brand: string, profileId: number) {
  return db
    .selectFrom('profiles as p')
    .select('p.id')
    .where('p.id', '=', profileId)
    .where((eb) => visibleTo(eb, null, { brand, activeOnly: true, hideInvisible: true, hideBlocked: true }))
    .executeTakeFirst();
}

/** How many activation tokens the member was issued after `since`, and when the latest was (null if none). */
export async function activationTokensSince(
  db: Db,
  userId: number,
  since: number,
): Promise<{ count: number; latest: number | null }> {
  const row = await db
    .selectFrom('activation_tokens')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.max('created_at').as('latest')])
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), latest: row.latest === null ? null : Number(row.latest) };
}
