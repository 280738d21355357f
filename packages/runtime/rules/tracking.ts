import type { Tracking } from '../schemas/api/signup.ts';

/**
 * The tracking parameters a visitor brings from a traffic source (spec §3). Spelled here as well as
 * in the signup schema so that browser code does not pull zod into its bundle; a test keeps both equal.
 */
export const TRACKING_KEYS = ['network', 'ref', 'sub1', 'sub2', 'sub3'] as const satisfies readonly (keyof Tracking)[];
export const TRACKING_VALUE_MAX = 100;

/** Tracking from a URL query (`?network=x&sub1=y`): known keys only, trimmed, empty ones left out, capped in length. */
export function trackingFromSearch(search: string | URLSearchParams): Tracking {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const tracking: Tracking = {};
  for (const key of TRACKING_KEYS) {
    const value = params.get(key)?.trim();
    if (value) tracking[key] = value.slice(0, TRACKING_VALUE_MAX);
  }
  return tracking;
}

export function hasTracking(tracking: Tracking): boolean {
  return Object.keys(tracking).length > 0;
}
