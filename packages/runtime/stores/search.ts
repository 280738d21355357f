import { atom, onMount, task } from 'nanostores';
import { ApiRequestError } from '../api/client.ts';
import type { ApiAnswer } from '../api/contract.ts';
import {
  parseSearchQuery,
  searchApiQuery,
  searchQueryString,
  type SearchOptions,
  type SearchQuery,
} from '../rules/search-form.ts';
import { api, isBrowser } from './api.ts';
import { captureTracking } from './tracking.ts';

/** What `GET /api/members.php` answers. */
export type SearchAnswer = ApiAnswer<'GET /api/members.php'>;

/**
 * The search's results (spec §3 "paged results, result count, similar results"). While a new search
 * loads, the previous answer stays (dimmed by the page) instead of the grid collapsing.
 */
export type SearchState =
  | { status: 'idle' }
  | { status: 'loading'; previous: SearchAnswer | null }
  | { status: 'ready'; answer: SearchAnswer }
  /** Spec §6: this brand lets only members search (or only visitors from a traffic source). */
  | { status: 'login_required' }
  | { status: 'failed'; error: unknown };

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

let sequence = 0;
let inFlight: AbortController | undefined;

/** Loads the results of `$searchQuery`; an answer that a newer search overtook is dropped. */
export function loadSearch(): Promise<void> {
  return task(async () => {
    const mine = ++sequence;
    inFlight?.abort();
    const controller = new AbortController();
    inFlight = controller;
    // `.value`, not `.get()`: reading must not mount the store, which would start a second search.
    const current = $search.value;
    const previous =
      current.status === 'ready' ? current.answer : current.status === 'loading' ? current.previous : null;
    $search.set({ status: 'loading', previous });
    try {
      const answer = await api().call(
        'GET /api/members.php',
        { query: searchApiQuery($searchQuery.get(), captureTracking()) },
        { signal: controller.signal },
      );
      if (mine === sequence) $search.set({ status: 'ready', answer });
    } catch (error) {
      if (mine !== sequence) return;
      if (error instanceof ApiRequestError && error.status === 403 && error.body.authentication_required) {
        $search.set({ status: 'login_required' });
      } else {
        $search.set({ status: 'failed', error });
      }
    }
  });
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
