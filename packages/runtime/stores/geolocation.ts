import { atom, onMount, task } from 'nanostores';
import { GEOLOCATION_CACHE_MS } from '../rules/constants.ts';
import {
  freshGeocode,
  GEOLOCATION_STORAGE_KEY,
  geolocationPermission,
  usablePlace,
  type GeocodedPlace,
  type GeolocationPermission,
} from '../rules/geolocation.ts';
import { api, isBrowser } from './api.ts';

/** Why "use my location" filled nothing. */
export type GeolocationProblem = 'denied' | 'unavailable' | 'not_found' | 'other_country' | 'failed';

export interface GeolocationState {
  /** Spec §3/§4 client state: the permission, and the geocoded place. */
  permission: GeolocationPermission;
  status: 'idle' | 'locating' | 'found' | 'failed';
  place: GeocodedPlace | null;
  problem: GeolocationProblem | null;
}

export const $geolocation = atom<GeolocationState>({
  permission: 'unknown',
  status: 'idle',
  place: null,
  problem: null,
});

function update(changes: Partial<GeolocationState>): void {
  $geolocation.set({ ...$geolocation.get(), ...changes });
}

// The permission is read when something shows the location, and followed while it does: a member who
// allows or blocks it in the browser's site settings sees the button change at once.
onMount($geolocation, () => {
  if (!isBrowser()) return;
  const supported = typeof navigator !== 'undefined' && 'geolocation' in navigator && !!navigator.geolocation;
  update({ permission: geolocationPermission(supported, null) });
  if (!supported || !navigator.permissions?.query) return;
  let status: PermissionStatus | undefined;
  let active = true;
  const onChange = () => {
    if (status) update({ permission: geolocationPermission(true, status.state) });
  };
  navigator.permissions
    .query({ name: 'geolocation' })
    .then((answer) => {
      if (!active) return;
      status = answer;
      onChange();
      answer.addEventListener('change', onChange);
    })
    .catch(() => undefined);
  return () => {
    active = false;
    status?.removeEventListener('change', onChange);
  };
});

function readCache(): string | null {
  try {
    return sessionStorage.getItem(GEOLOCATION_STORAGE_KEY);
  } catch {
    return null;
  }
}

function writeCache(place: GeocodedPlace | null): void {
  try {
    sessionStorage.setItem(GEOLOCATION_STORAGE_KEY, JSON.stringify({ at: Date.now(), place }));
  } catch {
    // Without storage every click asks again; nothing else depends on the cache.
  }
}

function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) =>
    navigator.geolocation.getCurrentPosition(resolve, reject, {
      enableHighAccuracy: false,
      maximumAge: GEOLOCATION_CACHE_MS,
      timeout: 20_000,
    }),
  );
}

/**
 * Two decimals (about a kilometre) are plenty to find the nearest town, and the server need not
 * learn the member's street.
 */
const roundCoordinate = (value: number) => Math.round(value * 100) / 100;

/**
 * "Use my location": the browser's position, reverse-geocoded by GET /api/geocode.php to the nearest
 * town. The answer is kept for an hour in sessionStorage (spec §9), so asking again costs nothing.
 * Answers the place when the site serves its country, else null with the problem in the store.
 */
export function locate(countries: readonly string[]): Promise<GeocodedPlace | null> {
  return task(async () => {
    update({ status: 'locating', problem: null });
    let place: GeocodedPlace | null;
    const cached = freshGeocode(readCache(), Date.now());
    if (cached) {
      place = cached.place;
    } else {
      let position: GeolocationPosition;
      try {
        position = await currentPosition();
      } catch (error) {
        const denied = (error as GeolocationPositionError | undefined)?.code === 1;
        update({
          status: 'failed',
          problem: denied ? 'denied' : 'unavailable',
          ...(denied ? { permission: 'denied' as const } : {}),
        });
        return null;
      }
      try {
        const answer = await api().call('GET /api/geocode.php', {
          query: { lat: roundCoordinate(position.coords.latitude), lon: roundCoordinate(position.coords.longitude) },
        });
        place = answer.place;
      } catch {
        update({ status: 'failed', problem: 'failed' });
        return null;
      }
      writeCache(place);
    }
    const use = usablePlace(place, countries);
    if (!use.ok) {
      update({ status: 'failed', place, problem: use.reason });
      return null;
    }
    update({ status: 'found', place: use.place, problem: null });
    return use.place;
  });
}
