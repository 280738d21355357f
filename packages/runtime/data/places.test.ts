import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, type CountryCode } from './countries.ts';
import { MAX_DISTANCE_KM, buildPlaceGrid, haversineKm, nearestInGrid, nearestPlace } from './nearest-place.ts';
import { PLACES, placesOf, type Place } from './places.ts';
import { findRegion, regionsOf } from './regions.ts';

/** The fewest places each country must have: its 40 largest, every place above ~50,000 in the larger countries. */
const MIN_PLACES: Record<CountryCode, number> = {
  NL: 40,
  BE: 40,
  LU: 12,
  DE: 190,
  AT: 40,
  CH: 40,
  DK: 40,
  NO: 40,
  SE: 40,
  FI: 40,
  PL: 85,
  FR: 120,
  IT: 140,
  ES: 140,
  IE: 40,
  GB: 180,
  US: 150,
};

/** Rough bounding boxes [south, west, north, east] of each country, islands and exclaves included. */
const BOXES: Record<CountryCode, readonly [number, number, number, number]> = {
  NL: [50.7, 3.3, 53.6, 7.3],
  BE: [49.45, 2.5, 51.55, 6.45],
  LU: [49.4, 5.7, 50.2, 6.55],
  DE: [47.2, 5.8, 55.1, 15.1],
  AT: [46.3, 9.5, 49.1, 17.2],
  CH: [45.8, 5.9, 47.85, 10.5],
  DK: [54.5, 8.0, 57.8, 15.2],
  NO: [57.9, 4.5, 71.2, 31.2],
  SE: [55.3, 10.9, 69.1, 24.2],
  FI: [59.7, 19.0, 70.1, 31.6],
  PL: [49.0, 14.1, 54.9, 24.2],
  FR: [41.3, -5.2, 51.1, 9.6],
  IT: [35.4, 6.6, 47.1, 18.6],
  ES: [27.6, -18.2, 43.8, 4.4],
  IE: [51.4, -10.7, 55.4, -6.0],
  GB: [49.9, -8.2, 60.9, 1.8],
  US: [18.9, -178, 71.4, -66.9],
};

/** Deterministic pseudo-random numbers (mulberry32), so the random lookups are the same every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The nearest place by checking every one: what the grid must agree with. */
function bruteForce(lat: number, lon: number, country?: CountryCode): { place: Place; distanceKm: number } | null {
  let best: { place: Place; distanceKm: number } | null = null;
  for (const place of PLACES) {
    if (country && place.country !== country) continue;
    const distanceKm = haversineKm(lat, lon, place.lat, place.lon);
    if (!best || distanceKm < best.distanceKm) best = { place, distanceKm };
  }
  return best && best.distanceKm <= MAX_DISTANCE_KM ? best : null;
}

describe('PLACES', () => {
  it.each(Object.entries(MIN_PLACES))('has at least the minimum number of places for %s', (country, min) => {
    expect(placesOf(country).length).toBeGreaterThanOrEqual(min);
  });

  it('has places of the known countries only, grouped in the order of COUNTRIES', () => {
    expect(PLACES.length).toBe(COUNTRY_CODES.reduce((n, c) => n + placesOf(c).length, 0));
    expect([...new Set(PLACES.map((p) => p.country))]).toEqual(COUNTRY_CODES);
  });

  it('gives every place a region of REGIONS that belongs to its country', () => {
    for (const p of PLACES) expect(findRegion(p.region)?.country, `${p.name} ${p.region}`).toBe(p.country);
  });

  it('has a place in every region', () => {
    for (const country of COUNTRY_CODES) {
      const used = new Set(placesOf(country).map((p) => p.region));
      for (const region of regionsOf(country)) expect(used.has(region.id), `${country} ${region.id}`).toBe(true);
    }
  });

  it('puts every place inside its country’s bounding box', () => {
    for (const p of PLACES) {
      const [south, west, north, east] = BOXES[p.country];
      expect(p.lat, `${p.name} latitude`).toBeGreaterThanOrEqual(south);
      expect(p.lat, `${p.name} latitude`).toBeLessThanOrEqual(north);
      expect(p.lon, `${p.name} longitude`).toBeGreaterThanOrEqual(west);
      expect(p.lon, `${p.name} longitude`).toBeLessThanOrEqual(east);
    }
  });

  it('gives coordinates with at most 4 decimals and a positive whole population', () => {
    for (const p of PLACES) {
      expect(Math.round(p.lat * 1e4) / 1e4, p.name).toBe(p.lat);
      expect(Math.round(p.lon * 1e4) / 1e4, p.name).toBe(p.lon);
      expect(Number.isInteger(p.population) && p.population > 0, p.name).toBe(true);
    }
  });

  it('has no duplicate (name, country) and no two places at the same spot', () => {
    const names = PLACES.map((p) => `${p.country} ${p.name}`);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    const tooClose: string[] = [];
    for (const country of COUNTRY_CODES) {
      const places = placesOf(country);
      for (const [i, a] of places.entries()) {
        for (const b of places.slice(i + 1)) {
          if (haversineKm(a.lat, a.lon, b.lat, b.lon) < 1) tooClose.push(`${a.name} / ${b.name}`);
        }
      }
    }
    expect(tooClose).toEqual([]);
  });

  it('uses trimmed names without the ASCII stand-ins for local letters', () => {
    for (const p of PLACES) {
      expect(p.name.trim()).toBe(p.name);
      expect(p.name).not.toMatch(/\s{2}|’/);
    }
    const names = new Set(PLACES.map((p) => p.name));
    for (const name of [
      'Den Haag',
      'München',
      'Köln',
      'Genève',
      'Zürich',
      'København',
      'Göteborg',
      'Kraków',
      'Wrocław',
    ]) {
      expect(names.has(name), name).toBe(true);
    }
    expect(names.has('Brussel / Bruxelles')).toBe(true);
  });

  it('lists a country’s places largest first', () => {
    const pops = placesOf('de').map((p) => p.population);
    expect(pops).toEqual([...pops].sort((a, b) => b - a));
    expect(placesOf('xx')).toEqual([]);
  });
});

describe('nearestPlace', () => {
  it.each([
    [52.37, 4.89, 'Amsterdam'],
    [48.137, 11.575, 'München'],
    [55.676, 12.568, 'København'],
    [40.4168, -3.7038, 'Madrid'],
    [59.3293, 18.0686, 'Stockholm'],
    [50.8467, 4.3525, 'Brussel / Bruxelles'],
    [46.2044, 6.1432, 'Genève'],
    [40.7128, -74.006, 'New York'],
    [51.5074, -0.1278, 'London'],
  ] as const)('finds the place at (%s, %s): %s', (lat, lon, name) => {
    const found = nearestPlace(lat, lon);
    expect(found?.place.name).toBe(name);
    expect(found!.distanceKm).toBeLessThan(2);
  });

  it('returns null far from every place, as in the North Sea', () => {
    expect(nearestPlace(54.5, 3.0)).toBeNull();
    expect(nearestPlace(0, 0)).toBeNull();
  });

  it('returns null for invalid coordinates', () => {
    expect(nearestPlace(NaN, 4.89)).toBeNull();
    expect(nearestPlace(52.37, NaN)).toBeNull();
    expect(nearestPlace(Infinity, 0)).toBeNull();
    expect(nearestPlace(91, 0)).toBeNull();
    expect(nearestPlace(-90.5, 0)).toBeNull();
    expect(nearestPlace(52, 181)).toBeNull();
    expect(nearestPlace(52, -180.01)).toBeNull();
  });

  it('keeps to the given country', () => {
    // Basel's centre is Swiss; the nearest German town is Lörrach.
    expect(nearestPlace(47.5596, 7.5886)?.place.name).toBe('Basel');
    expect(nearestPlace(47.5596, 7.5886, 'DE')?.place.name).toBe('Lörrach');
    expect(nearestPlace(47.5596, 7.5886, 'DE')?.place.country).toBe('DE');
    // Nothing Polish within 60 km of Amsterdam.
    expect(nearestPlace(52.37, 4.89, 'PL')).toBeNull();
  });

  it('gives the great-circle distance to the place', () => {
    const found = nearestPlace(52.0, 4.9);
    expect(found).not.toBeNull();
    expect(found!.distanceKm).toBeCloseTo(haversineKm(52.0, 4.9, found!.place.lat, found!.place.lon), 9);
    // Amsterdam to Rotterdam is about 57 km.
    const amsterdam = PLACES.find((p) => p.name === 'Amsterdam')!;
    const rotterdam = PLACES.find((p) => p.name === 'Rotterdam')!;
    expect(haversineKm(amsterdam.lat, amsterdam.lon, rotterdam.lat, rotterdam.lon)).toBeCloseTo(57.4, 0);
  });

  it('agrees with checking every place, for random positions over Europe and the US', () => {
    const next = random(7);
    for (let i = 0; i < 3000; i++) {
      const [lat, lon] = i % 3 === 2 ? [25 + next() * 24, -125 + next() * 58] : [35 + next() * 36, -11 + next() * 42];
      const expected = bruteForce(lat, lon);
      const actual = nearestPlace(lat, lon);
      expect(actual?.place, `${lat}, ${lon}`).toBe(expected?.place);
    }
    for (const country of ['DE', 'NO', 'FR'] as const) {
      for (let i = 0; i < 300; i++) {
        const lat = 42 + next() * 29;
        const lon = -5 + next() * 35;
        expect(nearestPlace(lat, lon, country)?.place, `${country} ${lat}, ${lon}`).toBe(
          bruteForce(lat, lon, country)?.place,
        );
      }
    }
  });

  it('answers 10,000 random lookups over Europe in under 500 ms', () => {
    const next = random(42);
    const points = Array.from({ length: 10_000 }, () => [35 + next() * 36, -11 + next() * 42] as const);
    nearestPlace(52, 5); // builds the grid
    const start = performance.now();
    let found = 0;
    for (const [lat, lon] of points) if (nearestPlace(lat, lon)) found++;
    const elapsed = performance.now() - start;
    expect(found).toBeGreaterThan(1000);
    expect(elapsed).toBeLessThan(500);
  });
});

describe('buildPlaceGrid', () => {
  const place = (name: string, lat: number, lon: number): Place => ({
    name,
    country: 'NO',
    region: 'NO-56',
    lat,
    lon,
    population: 1000,
  });

  it('buckets places by cell', () => {
    const grid = buildPlaceGrid([place('a', 52.1, 4.1), place('b', 52.9, 4.9), place('c', 53.1, 4.1)]);
    expect(grid.cellDeg).toBe(1);
    expect(grid.columns).toBe(360);
    expect([...grid.cells.values()].map((c) => c.map((p) => p.name))).toEqual([['a', 'b'], ['c']]);
    expect(() => buildPlaceGrid([], 0)).toThrow(RangeError);
  });

  it('finds places in neighbouring cells and across the antimeridian', () => {
    const grid = buildPlaceGrid([place('west', 65.0, 179.9), place('east', 65.0, -179.7)]);
    expect(nearestInGrid(grid, 65.0, 179.95)?.place.name).toBe('west');
    expect(nearestInGrid(grid, 65.0, -179.8)?.place.name).toBe('east');
    expect(nearestInGrid(grid, 65.0, -179.99)?.place.name).toBe('west');
  });

  it('looks far enough east and west at high latitudes', () => {
    // At 70°N a degree of longitude is only 38 km: 1.5° away is 57 km, within 60 km.
    const grid = buildPlaceGrid([place('far', 70.0, 21.5)]);
    const found = nearestInGrid(grid, 70.0, 20.0);
    expect(found?.place.name).toBe('far');
    expect(found!.distanceKm).toBeLessThan(MAX_DISTANCE_KM);
    expect(nearestInGrid(grid, 70.0, 19.5)).toBeNull();
  });

  it('finds places around a pole and honours another radius or cell size', () => {
    const grid = buildPlaceGrid([place('pole', 89.9, 100)], 0.5);
    expect(nearestInGrid(grid, 89.95, -80)?.place.name).toBe('pole');
    expect(nearestInGrid(grid, 89.0, -80, { maxKm: 100 })).toBeNull();
    expect(nearestInGrid(grid, 89.0, -80, { maxKm: 150 })?.place.name).toBe('pole');
  });
});
