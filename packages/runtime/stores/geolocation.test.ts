import { cleanStores, keepMount } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GEOLOCATION_STORAGE_KEY } from '../rules/geolocation.ts';
import { configureApi } from './api.ts';
import { $geolocation, locate } from './geolocation.ts';
import { scriptedFetch, json } from './test-network.ts';

const utrecht = { name: 'Utrecht', country: 'NL', region: 'NL-UT' };

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

/** A browser whose position is `position` (or fails with `errorCode`) and whose permission is `state`. */
function browser(options: { position?: [number, number]; errorCode?: number; state?: string | null }) {
  const getCurrentPosition = vi.fn((ok: PositionCallback, fail: PositionErrorCallback) => {
    if (options.errorCode) fail({ code: options.errorCode } as GeolocationPositionError);
    else ok({ coords: { latitude: options.position![0], longitude: options.position![1] } } as GeolocationPosition);
  });
  const listeners = new Set<() => void>();
  const status = {
    state: options.state,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('window', {});
  vi.stubGlobal('document', {});
  vi.stubGlobal('sessionStorage', memoryStorage());
  vi.stubGlobal('navigator', {
    geolocation: { getCurrentPosition },
    permissions: options.state === null ? undefined : { query: async () => status },
  });
  return { getCurrentPosition, status, listeners };
}

const noWait = { sleep: async () => undefined, random: () => 1 };

beforeEach(() => {
  $geolocation.set({ permission: 'unknown', status: 'idle', place: null, problem: null });
});

afterEach(() => {
  cleanStores($geolocation);
  vi.unstubAllGlobals();
});

describe('$geolocation permission', () => {
  it('is unsupported without the Geolocation API', () => {
    vi.stubGlobal('window', {});
    vi.stubGlobal('document', {});
    vi.stubGlobal('navigator', {});
    keepMount($geolocation);
    expect($geolocation.get().permission).toBe('unsupported');
  });

  it('is unknown when the browser has no Permissions API', () => {
    browser({ state: null });
    keepMount($geolocation);
    expect($geolocation.get().permission).toBe('unknown');
  });

  it('follows the browser’s state', async () => {
    const { status, listeners } = browser({ state: 'prompt' });
    keepMount($geolocation);
    await vi.waitFor(() => expect($geolocation.get().permission).toBe('prompt'));
    status.state = 'granted';
    for (const listener of listeners) listener();
    expect($geolocation.get().permission).toBe('granted');
  });
});

describe('locate', () => {
  it('geocodes the rounded position and keeps the answer for the session', async () => {
    const { getCurrentPosition } = browser({ position: [52.0907374, 5.1214201], state: 'granted' });
    const network = scriptedFetch({ 'GET /api/geocode.php': () => json(200, { place: utrecht }) });
    configureApi({ fetch: network.fetch, ...noWait });
    await expect(locate(['NL', 'BE'])).resolves.toEqual(utrecht);
    expect(network.calls[0]!.url).toBe('/api/geocode.php?lat=52.09&lon=5.12');
    expect($geolocation.get()).toMatchObject({ status: 'found', place: utrecht, problem: null });
    expect(JSON.parse(sessionStorage.getItem(GEOLOCATION_STORAGE_KEY)!)).toMatchObject({ place: utrecht });

    // Within the hour the cached place answers: no position, no request.
    await expect(locate(['NL', 'BE'])).resolves.toEqual(utrecht);
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(network.calls).toHaveLength(1);
  });

  it('asks again once the cached place is an hour old', async () => {
    const { getCurrentPosition } = browser({ position: [52.09, 5.12], state: 'granted' });
    sessionStorage.setItem(GEOLOCATION_STORAGE_KEY, JSON.stringify({ at: Date.now() - 3_600_000, place: utrecht }));
    configureApi({
      fetch: scriptedFetch({ 'GET /api/geocode.php': () => json(200, { place: utrecht }) }).fetch,
      ...noWait,
    });
    await locate(['NL']);
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
  });

  it('notes a refusal as the denied permission', async () => {
    browser({ errorCode: 1, state: 'prompt' });
    await expect(locate(['NL'])).resolves.toBeNull();
    expect($geolocation.get()).toMatchObject({ status: 'failed', problem: 'denied', permission: 'denied' });
  });

  it('says when the place is outside the site’s countries or unknown', async () => {
    browser({ position: [55.68, 12.57], state: 'granted' });
    configureApi({
      fetch: scriptedFetch({
        'GET /api/geocode.php': () => json(200, { place: { name: 'København', country: 'DK', region: 'DK-84' } }),
      }).fetch,
      ...noWait,
    });
    await expect(locate(['NL'])).resolves.toBeNull();
    expect($geolocation.get()).toMatchObject({ status: 'failed', problem: 'other_country' });

    sessionStorage.setItem(GEOLOCATION_STORAGE_KEY, JSON.stringify({ at: Date.now(), place: null }));
    await expect(locate(['NL'])).resolves.toBeNull();
    expect($geolocation.get()).toMatchObject({ status: 'failed', problem: 'not_found' });
  });
});
