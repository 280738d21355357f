import { atom, onMount, task } from 'nanostores';
import type { ApiAnswer } from '../api/contract.ts';
import {
  parseSearchQuery,
  searchApiQuery,
  searchQueryString,
  type SearchOptions,
  type SearchQuery,
} from '../rules/search-form.ts';
import { api, isBrowser } from './api.ts';
import { createKeyedLoader, type Loadable } from './loadable.ts';
import { captureTracking } from './tracking.ts';

/** What `GET /api/members.php` answers. */
export type SearchAnswer = ApiAnswer<'GET /api/members.php'>;

/**
 * The search's results (spec §3 "paged results, result count, similar results"), for the query in
 * the URL. While a new search loads, the previous answer stays (`$searchLoading`: dimmed by the page)
 * instead of the grid collapsing. A brand that lets only members search (spec §6) fails with an error
 * that `isLoginRequired` recognises.
 */
export type SearchState = Loadable<SearchAnswer>;

/** Where the search lives in the URL, so that a reload and the back button keep the filters. */
export interface SearchLocation {
  search(): string;
  push(search: string): void;
  /** Calls back when the visitor goes back or forward; answers the unsubscribe. */
  listen(onChange: () => void): () => void;
}

const browserLocation: SearchLocation = {
  search: () => location.search,
  push: (search) => history.pushState(history.state, '', `${location.pathname}${search}${location.hash}`),
  listen: (onChange) => {
    window.addEventListener('popstate', onChange);
    return () => window.removeEventListener('popstate', onChange);
  },
};

let options: SearchOptions = { fields: [], countries: [] };
let where: SearchLocation = browserLocation;

/** The search the URL asks for. */
export const $searchQuery = atom<SearchQuery>({ page: 1 });
export const $search = atom<SearchState>({ status: 'idle' });
/** True while a search is on its way; what `$search` shows then is the previous one's. */
export const $searchLoading = atom(false);

const results = createKeyedLoader(
  $search,
  (query: SearchQuery, signal) =>
    api().call('GET /api/members.php', { query: searchApiQuery(query, captureTracking()) }, { signal }),
  { $loading: $searchLoading, failureReplacesOtherKey: true },
);

/** The brand's filters and countries; the search page sets them before anything listens. */
export function configureSearch(brand: SearchOptions, location: SearchLocation = browserLocation): void {
  options = brand;
  where = location;
}

onMount($search, () => {
  if (!isBrowser() && where === browserLocation) return;
  const readUrl = () => {
    $searchQuery.set(parseSearchQuery(where.search(), options));
    void loadSearch();
  };
  readUrl();
  return where.listen(readUrl);
});

/**
 * Loads the results of `$searchQuery` (a search that overtakes another aborts it, and its answer never
 * lands); the page shows a failure, so the promise does not reject.
 */
export function loadSearch(): Promise<void> {
  return results.open($searchQuery.get()).then(
    () => undefined,
    () => undefined,
  );
}

/** Runs a new search and records it in the URL (a new history entry: back returns to the last one). */
export function search(query: SearchQuery): Promise<void> {
  $searchQuery.set(query);
  where.push(searchQueryString(query, where.search()));
  return loadSearch();
}

export function goToPage(page: number): Promise<void> {
  return search({ ...$searchQuery.get(), page });
}

/**
 * One page of `GET /api/members.php` for a query of its own (the match finder's answers), apart from
 * the search page's `$search` and its URL.
 */
export function findMembers(query: Record<string, string | number | boolean | undefined>): Promise<SearchAnswer> {
  return task(() => api().call('GET /api/members.php', { query }));
}
