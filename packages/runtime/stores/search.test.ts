import { allTasks, cleanStores, keepMount } from 'nanostores';
import { afterEach, describe, expect, it } from 'vitest';
import { isLoginRequired } from '../api/client.ts';
import { configureApi } from './api.ts';
import {
  $search,
  $searchLoading,
  $searchQuery,
  configureSearch,
  goToPage,
  search,
  type SearchAnswer,
  type SearchLocation,
} from './search.ts';
import { json, scriptedFetch } from './test-network.ts';

const brand = {
  fields: ['gender', 'country', 'countryregion', 'min_age', 'max_age'] as const,
  countries: ['NL', 'BE'],
};

const answer = (overrides: Partial<SearchAnswer> = {}): SearchAnswer => ({
  profiles: [],
  total: 0,
  total_capped: false,
  page: 1,
  page_size: 24,
  similar: [],
  sort: 'newest',
  nearest: null,
  ...overrides,
});

/** A URL that records pushes and lets the test press "back". */
function fakeLocation(initial: string) {
  const entries = [initial];
  let index = 0;
  const listeners = new Set<() => void>();
  const location: SearchLocation = {
    search: () => entries[index]!,
    push: (search) => {
      entries.splice(index + 1, Infinity, search);
      index += 1;
    },
    listen: (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
  };
  return {
    location,
    entries,
    back() {
      index -= 1;
      for (const listener of listeners) listener();
    },
  };
}

const settle = async () => {
  await allTasks();
  await new Promise((resolve) => setTimeout(resolve, 0));
};

afterEach(() => {
  cleanStores($search, $searchQuery);
  $search.set({ status: 'idle' });
  $searchQuery.set({ page: 1 });
});

describe('$search', () => {
  it('searches what the URL says when the page starts listening', async () => {
    const network = scriptedFetch({ 'GET /api/members.php': () => json(200, answer({ total: 3 })) });
    configureApi({ fetch: network.fetch, sleep: async () => undefined });
    configureSearch(brand, fakeLocation('?min_age=30&max_age=40&gender=robot').location);
    keepMount($search);
    await settle();
    expect(network.calls.map((c) => c.url)).toEqual(['/api/members.php?min_age=30&max_age=40']);
    expect($searchQuery.get()).toEqual({ min_age: 30, max_age: 40, page: 1 });
    expect($search.get()).toEqual({ status: 'ready', data: answer({ total: 3 }) });
  });

  it('leaves the filters to the server on an empty URL (niche defaults)', async () => {
    const network = scriptedFetch({ 'GET /api/members.php': () => json(200, answer()) });
    configureApi({ fetch: network.fetch, sleep: async () => undefined });
    configureSearch(brand, fakeLocation('').location);
    keepMount($search);
    await settle();
    expect(network.calls[0]!.url).toBe('/api/members.php');
  });

  it('records a new search in the URL, and the back button brings the last one back', async () => {
    const network = scriptedFetch({ 'GET /api/members.php': () => json(200, answer()) });
    configureApi({ fetch: network.fetch, sleep: async () => undefined });
    const url = fakeLocation('?network=ads');
    configureSearch(brand, url.location);
    keepMount($search);
    await settle();

    await search({ gender: 'male', min_age: 25, max_age: 35, page: 1 });
    expect(url.entries.at(-1)).toBe('?gender=male&min_age=25&max_age=35&network=ads');
    await goToPage(2);
    expect(url.entries.at(-1)).toBe('?gender=male&min_age=25&max_age=35&page=2&network=ads');

    url.back();
    await settle();
    expect($searchQuery.get()).toEqual({ gender: 'male', min_age: 25, max_age: 35, page: 1 });
    expect(network.calls.at(-1)!.url).toBe('/api/members.php?gender=male&min_age=25&max_age=35');
  });

  it('keeps the previous results while the next page loads', async () => {
    let release!: () => void;
    const first = answer({ total: 30, profiles: [] });
    let calls = 0;
    const network = scriptedFetch({
      'GET /api/members.php': () => {
        calls += 1;
        if (calls === 1) return json(200, first);
        return new Promise((resolve) => (release = () => resolve(json(200, answer({ page: 2 })))));
      },
    });
    configureApi({ fetch: network.fetch, sleep: async () => undefined });
    configureSearch(brand, fakeLocation('').location);
    keepMount($search);
    await settle();
    expect($searchLoading.get()).toBe(false);
    const loading = goToPage(2);
    expect($search.get()).toEqual({ status: 'ready', data: first });
    expect($searchLoading.get()).toBe(true);
    release();
    await loading;
    expect($search.get()).toMatchObject({ status: 'ready', data: { page: 2 } });
    expect($searchLoading.get()).toBe(false);
  });

  it('drops an answer that a newer search overtook', async () => {
    const pending: ((r: Response) => void)[] = [];
    const network = scriptedFetch({
      'GET /api/members.php': () => new Promise<Response>((resolve) => pending.push(resolve)),
    });
    configureApi({ fetch: network.fetch, sleep: async () => undefined });
    configureSearch(brand, fakeLocation('').location);
    keepMount($search);
    void search({ min_age: 20, page: 1 });
    void search({ min_age: 60, page: 1 });
    expect(pending).toHaveLength(3);
    pending[2]!(json(200, answer({ total: 60 })));
    pending[1]!(json(200, answer({ total: 20 })));
    pending[0]!(json(200, answer({ total: 99 })));
    await settle();
    expect($search.get()).toMatchObject({ status: 'ready', data: { total: 60 } });
  });

  it('aborts the request of a search that a newer one overtook', async () => {
    const signals: AbortSignal[] = [];
    const fetch = (_input: string | URL | Request, init?: RequestInit) => {
      signals.push(init!.signal!);
      return new Promise<Response>(() => undefined);
    };
    configureApi({ fetch: fetch as typeof globalThis.fetch, sleep: async () => undefined });
    configureSearch(brand, fakeLocation('').location);
    keepMount($search);
    void search({ min_age: 20, page: 1 });
    expect(signals.map((signal) => signal.aborted)).toEqual([true, false]);
  });

  it('asks a visitor to log in when the brand keeps search for members', async () => {
    const network = scriptedFetch({
      'GET /api/members.php': () =>
        json(403, { error: 'authentication_required', message: 'Please log in.', authentication_required: true }),
    });
    configureApi({ fetch: network.fetch, sleep: async () => undefined });
    configureSearch(brand, fakeLocation('').location);
    keepMount($search);
    await settle();
    const state = $search.get();
    expect(state.status === 'failed' && isLoginRequired(state.error)).toBe(true);
  });

  it('reports any other failure', async () => {
    const network = scriptedFetch({
      'GET /api/members.php': () => json(422, { error: 'validation_failed', message: 'Bad filter' }),
    });
    configureApi({ fetch: network.fetch, sleep: async () => undefined });
    configureSearch(brand, fakeLocation('').location);
    keepMount($search);
    await settle();
    const state = $search.get();
    expect(state.status === 'failed' && !isLoginRequired(state.error)).toBe(true);
  });

  it('shows the failure of a new search instead of the results of the last one', async () => {
    let calls = 0;
    const network = scriptedFetch({
      'GET /api/members.php': () =>
        ++calls === 1
          ? json(200, answer({ total: 3 }))
          : json(422, { error: 'validation_failed', message: 'Bad filter' }),
    });
    configureApi({ fetch: network.fetch, sleep: async () => undefined });
    configureSearch(brand, fakeLocation('').location);
    keepMount($search);
    await settle();
    await goToPage(2);
    expect($search.get()).toMatchObject({ status: 'failed', error: { status: 422 } });
    expect($searchLoading.get()).toBe(false);
  });
});
