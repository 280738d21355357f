import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export type MemberState = 'not_confirmed' | 'active' | 'pending_deletion' | 'erased';

/** The member's state as the console names it: erased and pending deletion before the account status. */
export function memberState(row: {
  status: string;
  deletion_requested_at: number | null;
  erased_at: number | null;
}): MemberState {
  if (row.erased_at !== null) return 'erased';
  if (row.deletion_requested_at !== null) return 'pending_deletion';
  return row.status === 'active' ? 'active' : 'not_confirmed';
}

const SEARCH_LIMIT = 50;

/**
 * Members of every brand by e-mail (part), name (start), or id, brand and state; newest first, one
 * query. Likes are escaped, so `%` and `_` in the search are literal.
 */
export async function searchMembers(
  db: Db,
  query: { q?: string | undefined; brand?: string | undefined; status?: MemberState | undefined },
) {
  const q = query.q?.trim() ?? '';
  const like = q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  return db
    .selectFrom('users as u')
    .innerJoin('profiles as p', 'p.id', 'u.id')
    .select([
      'u.id',
      'u.brand',
      'u.email',
      'p.name',
      'u.status',
      'u.created_at',
      'u.deletion_requested_at',
      'u.erased_at',
    ])
    .$if(q !== '', (qb) =>
      qb.where((eb) =>
        eb.or([
          ...(/^\d{1,12}$/.test(q) ? [eb('u.id', '=', Number(q))] : []),
          eb('u.email_normalized', 'like', sql<string>`${`%${like}%`} escape '\\'`),
          eb(eb.fn('lower', ['p.name']), 'like', sql<string>`${`${like}%`} escape '\\'`),
        ]),
      ),
    )
    .$if(Boolean(query.brand), (qb) => qb.where('u.brand', '=', query.brand!))
    .$if(query.status === 'erased', (qb) => qb.where('u.erased_at', 'is not', null))
    .$if(query.status === 'pending_deletion', (qb) =>
      qb.where('u.deletion_requested_at', 'is not', null).where('u.erased_at', 'is', null),
    )
    .$if(query.status === 'active' || query.status === 'not_confirmed', (qb) =>
      qb
        .where('u.status', '=', query.status as 'active' | 'not_confirmed')
        .where('u.deletion_requested_at', 'is', null),
    )
    .orderBy('u.id', 'desc')
    .limit(SEARCH_LIMIT)
    .execute();
}
