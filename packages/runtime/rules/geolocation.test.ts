import { describe, expect, it } from 'vitest';
import { GEOLOCATION_CACHE_MS } from './constants.ts';
import { canAskForPosition, freshGeocode, geolocationPermission, usablePlace } from './geolocation.ts';

const utrecht = { name: 'Utrecht', country: 'NL', region: 'NL-UT' };

describe('geolocationPermission', () => {
  it('is unsupported without the Geolocation API', () => {
    expect(geolocationPermission(false, 'granted')).toBe('unsupported');
  });

  it('is the browser’s state when the Permissions API tells it', () => {
    expect(geolocationPermission(true, 'prompt')).toBe('prompt');
    expect(geolocationPermission(true, 'granted')).toBe('granted');
    expect(geolocationPermission(true, 'denied')).toBe('denied');
  });

  it('is unknown when the browser cannot tell', () => {
    expect(geolocationPermission(true, null)).toBe('unknown');
    expect(geolocationPermission(true, 'something-new')).toBe('unknown');
  });

  it('asks for a position unless unsupported or denied', () => {
    expect(canAskForPosition('prompt')).toBe(true);
    expect(canAskForPosition('unknown')).toBe(true);
    expect(canAskForPosition('granted')).toBe(true);
    expect(canAskForPosition('denied')).toBe(false);
    expect(canAskForPosition('unsupported')).toBe(false);
  });
});

describe('freshGeocode', () => {
  const now = 1_800_000_000_000;

  it('answers a lookup younger than an hour', () => {
    const stored = JSON.stringify({ at: now - GEOLOCATION_CACHE_MS + 1, place: utrecht });
    expect(freshGeocode(stored, now)).toEqual({ at: now - GEOLOCATION_CACHE_MS + 1, place: utrecht });
    expect(freshGeocode(JSON.stringify({ at: now, place: null }), now)).toEqual({ at: now, place: null });
  });

  it('drops a lookup of an hour or older, or from the future', () => {
    expect(freshGeocode(JSON.stringify({ at: now - GEOLOCATION_CACHE_MS, place: utrecht }), now)).toBeNull();
    expect(freshGeocode(JSON.stringify({ at: now + 5, place: utrecht }), now)).toBeNull();
  });

  it('drops what is not a lookup', () => {
    expect(freshGeocode(null, now)).toBeNull();
    expect(freshGeocode('not json', now)).toBeNull();
    expect(freshGeocode(JSON.stringify({ at: now, place: { name: 'x' } }), now)).toBeNull();
    expect(freshGeocode(JSON.stringify({ place: utrecht }), now)).toBeNull();
  });
});

describe('usablePlace', () => {
  it('fills the location with a place in a country the site serves', () => {
    expect(usablePlace(utrecht, ['NL', 'BE'])).toEqual({ ok: true, place: utrecht });
  });

  it('says why it cannot', () => {
    expect(usablePlace(null, ['NL'])).toEqual({ ok: false, reason: 'not_found' });
    expect(usablePlace(utrecht, ['DK'])).toEqual({ ok: false, reason: 'other_country' });
  });
});
