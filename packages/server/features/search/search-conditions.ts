import type { Expression, SqlBool } from 'kysely';
import { birthDateBounds, type SearchFilters } from '@datekit/runtime/rules/search';
import type { Brand } from '@datekit/runtime/schemas/brand';
import { visibleTo, type ProfileScope } from '../members/visible-to.ts';

export interface SearchScope {
  brand: string;
  countries: readonly string[];
  /** The searching member, whom results exclude along with everyone blocked either way; null for visitors. */
  viewerId: number | null;
  today: Date;
}

/** The scope of a search on `brand` by `viewerId` (null for a visitor) at `now`. */
export function searchScope<Viewer extends number | null>(
  brand: Pick<Brand, 'domain' | 'countries'>,
  viewerId: Viewer,
  now: number,
): SearchScope & { viewerId: Viewer } {
  return { brand: brand.domain, countries: brand.countries, viewerId, today: new Date(now) };
}

/**
 * Who a search may show (spec §3, §6): active, visible (not invisible) profiles of the brand's own
 * members in its countries, never the viewer nor anyone blocked either way; then the filters.
 */
export function searchConditions(eb: ProfileScope, scope: SearchScope, filters: SearchFilters): Expression<SqlBool> {
  const { latest, earliestExclusive } = birthDateBounds(filters.min_age, filters.max_age, scope.today);
  const conditions: Expression<SqlBool>[] = [
    visibleTo(eb, scope.viewerId, { brand: scope.brand, activeOnly: true, hideInvisible: true, hideBlocked: true }),
    eb('p.birth_date', '<=', latest),
    eb('p.birth_date', '>', earliestExclusive),
    filters.country ? eb('p.country', '=', filters.country) : eb('p.country', 'in', [...scope.countries]),
  ];
  if (filters.gender) conditions.push(eb('p.gender', '=', filters.gender));
  if (filters.countryregion) conditions.push(eb('p.region', '=', filters.countryregion));
  return eb.and(conditions);
}
