import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { birthDateBounds, type SearchFilters } from '@datekit/runtime';

type ProfileScope = ExpressionBuilder<Database & { p: Database['profiles'] }, 'p'>;

export interface SearchScope {
  brand: string;
  countries: readonly string[];
  /** The searching member, whom results exclude along with everyone blocked either way; null for visitors. */
  viewerId: number | null;
  today: Date;
}

/**
 * Who a search may show (spec §3, §6): active, visible (not invisible) profiles of the brand's own
 * members in its countries, never the viewer nor anyone blocked either way; then the filters.
 */
export function searchConditions(eb: ProfileScope, scope: SearchScope, filters: SearchFilters): Expression<SqlBool> {
  const { latest, earliestExclusive } = birthDateBounds(filters.min_age, filters.max_age, scope.today);
  const conditions: Expression<SqlBool>[] = [
    eb('p.brand', '=', scope.brand),
    eb('p.status', '=', 'active'),
    eb('p.invisible', '=', 0),
    eb('p.birth_date', '<=', latest),
    eb('p.birth_date', '>', earliestExclusive),
    filters.country ? eb('p.country', '=', filters.country) : eb('p.country', 'in', [...scope.countries]),
  ];
  if (filters.gender) conditions.push(eb('p.gender', '=', filters.gender));
  if (filters.countryregion) conditions.push(eb('p.region', '=', filters.countryregion));
  if (scope.viewerId !== null) {
    const viewer = scope.viewerId;
    // Uncorrelated, so the database computes the blocked set once instead of probing it per row.
    const blocked = eb
      .selectFrom('blocks as b')
      .select('b.blocked_id as id')
      .where('b.blocker_id', '=', viewer)
      .union(eb.selectFrom('blocks as b2').select('b2.blocker_id as id').where('b2.blocked_id', '=', viewer));
    conditions.push(eb('p.id', '!=', viewer), eb('p.id', 'not in', blocked));
  }
  return eb.and(conditions);
}
