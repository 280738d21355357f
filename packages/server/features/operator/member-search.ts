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
 * query (the open reports about each are a subquery of it). Without a search these are the latest
 * signups; `view: 'flagged'` keeps members with open reports or a ban or suspension in force.
 * Likes are escaped, so `%` and `_` in the search are literal.
 */
export async function searchMembers(
  db: Db,
  query: {
    q?: string | undefined;
    brand?: string | undefined;
    status?: MemberState | undefined;
    view?: 'recent' | 'flagged' | undefined;
  },
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
      'u.sanction',
      (eb) =>
        eb
          .selectFrom('reports as r')
          .select((sub) => sub.fn.countAll<string | number>().as('n'))
          .whereRef('r.reported_id', '=', 'u.id')
          .where('r.status', '=', 'open')
          .as('open_reports'),
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
    .$if(query.view === 'flagged', (qb) =>
      qb.where((eb) =>
        eb.or([
          eb('u.sanction', 'is not', null),
          eb.exists(
            eb
              .selectFrom('reports as r')
              .select('r.id')
              .whereRef('r.reported_id', '=', 'u.id')
              .where('r.status', '=', 'open'),
          ),
        ]),
      ),
    )
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
