import { MAX_AGE, MIN_AGE } from './constants.ts';

/** Results per page of the member search. */
export const SEARCH_PAGE_SIZE = 24;
/** Results are counted up to this many; above it the count shows as "1000+" (counting every row costs). */
export const SEARCH_COUNT_CAP = 1_000;
/** Below this many results on the first page, similar members are suggested as well. */
export const SIMILAR_THRESHOLD = 6;
export const SIMILAR_LIMIT = 12;
/** How far the similar results widen the age range, each way. */
export const SIMILAR_AGE_SLACK = 5;

/** The orders of search's results: newest members first (the default), or the nearest towns first. */
export const SEARCH_SORTS = ['newest', 'nearest'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
/** Photos a result card can page through without opening the profile (main first). */
export const CARD_PHOTOS = 6;
/** Below this many kilometres a distance shows as "nearby": towns' centres are not closer than that. */
export const NEARBY_KM = 5;

export interface SearchFilters {
  gender: 'female' | 'male' | null;
  /** null: any of the brand's countries. */
  country: string | null;
  countryregion: string | null;
  min_age: number;
  max_age: number;
  page: number;
}

export interface SearchInput {
  gender?: 'female' | 'male' | 'any' | undefined;
  country?: string | undefined;
  countryregion?: string | undefined;
  min_age?: number | undefined;
  max_age?: number | undefined;
  page?: number | undefined;
}

/**
 * The filters of a search (spec §3): what the member chose, else the niche's defaults; ages kept
 * within 18–99 and in order; a region only counts together with its country.
 */
export function resolveSearchFilters(
  input: SearchInput,
  defaults: { gender: 'female' | 'male'; min_age: number; max_age: number },
): SearchFilters {
  const clampAge = (age: number) => Math.min(MAX_AGE, Math.max(MIN_AGE, Math.round(age)));
  let minAge = clampAge(input.min_age ?? defaults.min_age);
  let maxAge = clampAge(input.max_age ?? defaults.max_age);
  if (minAge > maxAge) [minAge, maxAge] = [maxAge, minAge];
  const country = input.country ?? null;
  return {
    gender: input.gender === 'any' ? null : (input.gender ?? defaults.gender),
    country,
    countryregion: country && input.countryregion?.startsWith(`${country}-`) ? input.countryregion : null,
    min_age: minAge,
    max_age: maxAge,
    page: Math.max(1, Math.floor(input.page ?? 1)),
  };
}

/**
 * Birth dates (YYYY-MM-DD, comparable as text) of people aged min..max on `today`: born on or
 * before `latest` and after `earliestExclusive`. Someone born on today's date N years ago is N.
 */
export function birthDateBounds(
  minAge: number,
  maxAge: number,
  today: Date,
): { latest: string; earliestExclusive: string } {
  const shift = (years: number) => {
    const date = new Date(Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate()));
    return date.toISOString().slice(0, 10);
  };
  return { latest: shift(minAge), earliestExclusive: shift(maxAge + 1) };
}
