import type { GeocodedPlace } from '../schemas/api/geocode.ts';
import { GEOLOCATION_CACHE_MS } from './constants.ts';

/**
 * Spec §4 "Geolocation permission: unsupported, unknown, or the browser's state": `unsupported` without
 * the Geolocation API, `unknown` where the Permissions API cannot tell (older Safari), else the
 * browser's own `prompt`, `granted` or `denied`.
 */
export type GeolocationPermission = 'unsupported' | 'unknown' | 'prompt' | 'granted' | 'denied';

export function geolocationPermission(
  hasGeolocation: boolean,
  browserState: string | null | undefined,
): GeolocationPermission {
  if (!hasGeolocation) return 'unsupported';
  if (browserState === 'prompt' || browserState === 'granted' || browserState === 'denied') return browserState;
  return 'unknown';
}

/** Whether the "use my location" button can do anything: not when unsupported or already refused. */
export function canAskForPosition(permission: GeolocationPermission): boolean {
  return permission !== 'unsupported' && permission !== 'denied';
}

export type { GeocodedPlace } from '../schemas/api/geocode.ts';

/** Where the last geocoded place is kept for the session (spec §9: geolocation cache 1 hour). */
export const GEOLOCATION_STORAGE_KEY = 'datekit:geocode';

export interface CachedGeocode {
  /** Epoch milliseconds of the lookup. */
  at: number;
  place: GeocodedPlace | null;
}

/** The cached lookup while it is younger than an hour; null when absent, stale, from the future or malformed. */
export function freshGeocode(stored: string | null, now: number): CachedGeocode | null {
  if (!stored) return null;
  try {
    const value = JSON.parse(stored) as Partial<CachedGeocode>;
    if (typeof value.at !== 'number' || value.at > now || now - value.at >= GEOLOCATION_CACHE_MS) return null;
    const place = value.place;
    if (place === null) return { at: value.at, place: null };
    if (
      !place ||
      typeof place.name !== 'string' ||
      typeof place.country !== 'string' ||
      typeof place.region !== 'string'
    ) {
      return null;
    }
    return { at: value.at, place: { name: place.name, country: place.country, region: place.region } };
  } catch {
    return null;
  }
}

export type PlaceUse = { ok: true; place: GeocodedPlace } | { ok: false; reason: 'not_found' | 'other_country' };

/** A geocoded place fills the location only when there is one and the site serves its country. */
export function usablePlace(place: GeocodedPlace | null, countries: readonly string[]): PlaceUse {
  if (!place) return { ok: false, reason: 'not_found' };
  if (!countries.includes(place.country)) return { ok: false, reason: 'other_country' };
  return { ok: true, place };
}
