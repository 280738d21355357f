import type { Image } from '../schemas/api/user.ts';
import type { SEARCH_FIELDS } from '../schemas/brand/profiles.ts';
import { MAX_AGE, MIN_AGE } from './constants.ts';
import { SEARCH_COUNT_CAP, SEARCH_SORTS, type SearchSort } from './search.ts';

/** A filter the brand may offer on the member search (its `search_fields`). */
export type SearchField = (typeof SEARCH_FIELDS)[number];
export type SearchGender = 'female' | 'male' | 'any';

/**
 * The member search as the URL holds it (spec §3 search filters). A filter left out means "the
 * niche's default" (the server fills it in); once the member searches, every offered filter is set.
 */
export interface SearchQuery {
  gender?: SearchGender;
  country?: string;
  countryregion?: string;
  min_age?: number;
  max_age?: number;
  /** Left out: newest first. `nearest` applies for a member whose town is known. */
  sort?: SearchSort;
  page: number;
}

/** What the brand offers: its filters and countries. */
export interface SearchOptions {
  fields: readonly SearchField[];
  countries: readonly string[];
}

/** The niche's defaults, shown in the form for filters the URL does not set. */
export interface SearchDefaults {
  gender: 'female' | 'male';
  min_age: number;
  max_age: number;
}

/** The form's values: every filter with a value; '' means "any country" or "any region". */
export interface SearchFormValues {
  gender: SearchGender;
  country: string;
  countryregion: string;
  min_age: number;
  max_age: number;
}

const GENDERS: readonly SearchGender[] = ['female', 'male', 'any'];
/** The query parameters the search owns; any other (tracking, flags) stays in the URL untouched. */
const OWN_PARAMS = ['gender', 'country', 'countryregion', 'min_age', 'max_age', 'sort', 'page'] as const;
const REGION_CODE = /^[A-Z]{2}-[A-Z0-9]{1,3}$/;

function age(value: string | null): number | undefined {
  if (value === null || !/^\d{1,3}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= MIN_AGE && n <= MAX_AGE ? n : undefined;
}

/** The one country a region can belong to: the chosen one, or the brand's only country. */
export function effectiveCountry(country: string | undefined, countries: readonly string[]): string | undefined {
  return country ?? (countries.length === 1 ? countries[0] : undefined);
}

/** Whether the country select is worth showing: offered, and more than one country to choose from. */
export function showsCountry(options: SearchOptions): boolean {
  return options.fields.includes('country') && options.countries.length > 1;
}

/** Whether the region select shows: offered, and a country is known to list regions of. */
export function showsRegion(options: SearchOptions, country: string | undefined): boolean {
  return options.fields.includes('countryregion') && effectiveCountry(country, options.countries) !== undefined;
}

/**
 * Reads the search from a URL query, keeping only what the brand offers and what the server accepts:
 * a hand-edited or outdated link shows a sensible search instead of an error.
 */
export function parseSearchQuery(search: string, options: SearchOptions): SearchQuery {
  const params = new URLSearchParams(search);
  const query: SearchQuery = { page: 1 };
  const offered = (field: SearchField) => options.fields.includes(field);

  const gender = params.get('gender');
  if (offered('gender') && GENDERS.includes(gender as SearchGender)) query.gender = gender as SearchGender;

  const country = params.get('country');
  if (offered('country') && country && options.countries.includes(country)) query.country = country;

  const region = params.get('countryregion');
  const regionCountry = effectiveCountry(query.country, options.countries);
  if (offered('countryregion') && region && regionCountry && REGION_CODE.test(region)) {
    if (region.startsWith(`${regionCountry}-`)) {
      query.countryregion = region;
      query.country = regionCountry;
    }
  }

  const minAge = offered('min_age') ? age(params.get('min_age')) : undefined;
  const maxAge = offered('max_age') ? age(params.get('max_age')) : undefined;
  if (minAge !== undefined) query.min_age = minAge;
  if (maxAge !== undefined) query.max_age = maxAge;
  if (minAge !== undefined && maxAge !== undefined && minAge > maxAge) {
    query.min_age = maxAge;
    query.max_age = minAge;
  }

  const sort = params.get('sort');
  if (sort && sort !== 'newest' && SEARCH_SORTS.includes(sort as SearchSort)) query.sort = sort as SearchSort;

  const page = params.get('page');
  if (page && /^\d{1,5}$/.test(page) && Number(page) >= 1) query.page = Number(page);
  return query;
}

/**
 * The URL query of a search, in a fixed order, keeping every parameter of `current` the search does
 * not own (tracking parameters must survive a filter change). Page 1 is left out.
 */
export function searchQueryString(query: SearchQuery, current = ''): string {
  const params = new URLSearchParams(current);
  for (const name of OWN_PARAMS) params.delete(name);
  const own = new URLSearchParams();
  if (query.gender) own.set('gender', query.gender);
  if (query.country) own.set('country', query.country);
  if (query.countryregion) own.set('countryregion', query.countryregion);
  if (query.min_age !== undefined) own.set('min_age', String(query.min_age));
  if (query.max_age !== undefined) own.set('max_age', String(query.max_age));
  if (query.sort && query.sort !== 'newest') own.set('sort', query.sort);
  if (query.page > 1) own.set('page', String(query.page));
  const text = [own.toString(), params.toString()].filter(Boolean).join('&');
  return text ? `?${text}` : '';
}

/** The query of `GET /api/members.php`: the search plus the visitor's tracking (some brands open search to tracked visitors). */
export function searchApiQuery(
  query: SearchQuery,
  tracking: Readonly<Record<string, string | undefined>> = {},
): Record<string, string | number> {
  const api: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(tracking)) if (value) api[key] = value;
  if (query.gender) api.gender = query.gender;
  if (query.country) api.country = query.country;
  if (query.countryregion) api.countryregion = query.countryregion;
  if (query.min_age !== undefined) api.min_age = query.min_age;
  if (query.max_age !== undefined) api.max_age = query.max_age;
  if (query.sort && query.sort !== 'newest') api.sort = query.sort;
  if (query.page > 1) api.page = query.page;
  return api;
}

/** What the form shows: the URL's filters, else the niche's defaults. */
export function formValues(query: SearchQuery, defaults: SearchDefaults): SearchFormValues {
  return {
    gender: query.gender ?? defaults.gender,
    country: query.country ?? '',
    countryregion: query.countryregion ?? '',
    min_age: query.min_age ?? defaults.min_age,
    max_age: query.max_age ?? defaults.max_age,
  };
}

/**
 * The form after one filter changed: a new country drops the region of the old one, and an age that
 * passes the other end moves that end along, so the range never turns empty.
 */
export function changeFormValue<K extends keyof SearchFormValues>(
  values: SearchFormValues,
  field: K,
  value: SearchFormValues[K],
): SearchFormValues {
  const next = { ...values, [field]: value };
  if (field === 'country' && value !== values.country) next.countryregion = '';
  if (field === 'min_age' && next.min_age > next.max_age) next.max_age = next.min_age;
  if (field === 'max_age' && next.max_age < next.min_age) next.min_age = next.max_age;
  return next;
}

/**
 * The search a submitted form asks for: every offered filter set explicitly, from page 1, in the
 * order the member chose for the results (`sort`, which the results choose, not the form).
 */
export function queryFromForm(values: SearchFormValues, options: SearchOptions, sort?: SearchSort): SearchQuery {
  return parseSearchQuery(
    searchQueryString({
      gender: values.gender,
      ...(values.country ? { country: values.country } : {}),
      ...(values.countryregion ? { countryregion: values.countryregion } : {}),
      min_age: values.min_age,
      max_age: values.max_age,
      ...(sort ? { sort } : {}),
      page: 1,
    }),
    options,
  );
}

/** Every age the filters offer, youngest first. */
export function ageOptions(): number[] {
  return Array.from({ length: MAX_AGE - MIN_AGE + 1 }, (_, i) => MIN_AGE + i);
}

/** The result count as shown: the number, and whether there are more than it ("1000+"). */
export function resultCount(total: number, capped: boolean): { count: number; more: boolean } {
  return capped ? { count: Math.max(total, SEARCH_COUNT_CAP), more: true } : { count: total, more: false };
}

/**
 * Whether a page after `page` exists: the count says so, or the count stopped at its cap and this
 * page was full (beyond the cap the number of pages is unknown).
 */
export function hasNextPage(page: number, pageSize: number, total: number, capped: boolean, shown: number): boolean {
  return page * pageSize < total || (capped && shown >= pageSize);
}

export type PageLink = number | 'gap';

/**
 * The page numbers to link: the first, the current with its neighbours and the last, with a gap where
 * numbers are left out; `open` adds a trailing gap when pages beyond `last` exist but are not counted.
 */
export function pageLinks(current: number, last: number, open = false): PageLink[] {
  const pages = [...new Set([1, current - 1, current, current + 1, last])]
    .filter((p) => p >= 1 && p <= last)
    .sort((a, b) => a - b);
  const links: PageLink[] = [];
  pages.forEach((page, i) => {
    const previous = pages[i - 1];
    // One missing number is shown rather than hidden behind a gap that takes the same room.
    if (previous !== undefined && page - previous === 2) links.push(previous + 1);
    else if (previous !== undefined && page - previous > 2) links.push('gap');
    links.push(page);
  });
  if (open) links.push('gap');
  return links;
}

/**
 * The last page to link: the count's last page, or — when the count stopped at its cap — the next
 * page if this one was full, since nothing is known beyond it.
 */
export function lastPage(page: number, pageSize: number, total: number, capped: boolean, shown: number): number {
  if (!capped) return Math.max(1, Math.ceil(total / pageSize));
  return hasNextPage(page, pageSize, total, capped, shown) ? Math.max(page + 1, Math.ceil(total / pageSize)) : page;
}

/**
 * How many cards of a results grid load their picture at once, with high priority: the first rows of a
 * phone's screen. The rest load lazily. The search page asks for these as soon as its answer arrives.
 */
export const EAGER_PICTURES = 4;

/** The pictures a results grid shows first (see `EAGER_PICTURES`), as URLs; members without one are skipped. */
export function eagerPictures(profiles: readonly { main_image: Image | null }[]): string[] {
  return profiles.slice(0, EAGER_PICTURES).flatMap((profile) => {
    const image = shownImage(profile.main_image);
    return image ? [image.match] : [];
  });
}

/**
 * A member's main image as others may see it: only once it passed the photo check (spec §3: active
 * means visible, inspection while it is being checked).
 */
export function shownImage(image: Image | null): Image | null {
  return image?.status === 'active' ? image : null;
}
