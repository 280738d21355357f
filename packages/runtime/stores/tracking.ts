import type { Tracking } from '../schemas/api/signup.ts';
import { hasTracking, trackingFromSearch } from '../rules/tracking.ts';
import { isBrowser } from './api.ts';

const STORAGE_KEY = 'datekit:tracking';

/**
 * The visitor's tracking parameters for the signup (spec §3): those in the current URL, else those
 * they arrived with earlier in this visit. Called on every page load, so that parameters a visitor
 * lands with on the home page still reach the signup form a few clicks later.
 */
export function captureTracking(): Tracking {
  if (!isBrowser()) return {};
  const fromUrl = trackingFromSearch(location.search);
  try {
    if (hasTracking(fromUrl)) {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(fromUrl));
      return fromUrl;
    }
    const stored = sessionStorage.getItem(STORAGE_KEY);
    return stored ? trackingFromSearch(new URLSearchParams(JSON.parse(stored) as Record<string, string>)) : {};
  } catch {
    // Storage can be disabled (private mode, blocked cookies): the URL is then all there is.
    return fromUrl;
  }
}
