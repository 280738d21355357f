import type { CountryCode } from './countries.ts';
import { PLACES, type Place } from './places.ts';

/** Farther than this from every known place, a position is "somewhere" rather than near a town. */
export const MAX_DISTANCE_KM = 60;

/** Mean Earth radius (IUGG), as used by the haversine formula. */
const EARTH_RADIUS_KM = 6371.0088;
const RAD = Math.PI / 180;

/** Great-circle distance in kilometres between two WGS 84 positions (haversine, spherical Earth). */
export function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLon = (lon2 - lon1) * RAD;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * Places bucketed by a fixed latitude/longitude cell, so a lookup reads only the cells that can hold
 * a place within the search radius instead of every place.
 */
export interface PlaceGrid {
  /** Cell size in degrees (both ways). */
  readonly cellDeg: number;
  /** Number of cell columns around the globe (longitude wraps at the antimeridian). */
  readonly columns: number;
  /** Cell key (`row * columns + column`) → places in that cell; empty cells are absent. */
  readonly cells: ReadonlyMap<number, readonly Place[]>;
}

function rowOf(lat: number, cellDeg: number): number {
  return Math.floor((Math.min(lat, 89.999999) + 90) / cellDeg);
}

function columnOf(lon: number, cellDeg: number, columns: number): number {
  const c = Math.floor((lon + 180) / cellDeg) % columns;
  return c < 0 ? c + columns : c;
}

/** Buckets `places` into cells of `cellDeg` × `cellDeg` degrees (default 1°). */
export function buildPlaceGrid(places: readonly Place[], cellDeg = 1): PlaceGrid {
  if (!(cellDeg > 0 && cellDeg <= 90)) throw new RangeError(`cell size must be in (0, 90] degrees, got ${cellDeg}`);
  const columns = Math.ceil(360 / cellDeg);
  const cells = new Map<number, Place[]>();
  for (const place of places) {
    const key = rowOf(place.lat, cellDeg) * columns + columnOf(place.lon, cellDeg, columns);
    const cell = cells.get(key);
    if (cell) cell.push(place);
    else cells.set(key, [place]);
  }
  return { cellDeg, columns, cells };
}

function isValidPosition(lat: number, lon: number): boolean {
  return Number.isFinite(lat) && Number.isFinite(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180;
}

/**
 * The place of `grid` nearest to (`lat`, `lon`) by great-circle distance, only among `country`'s
 * places when given; null when none lies within `maxKm` or the position is invalid (not finite,
 * latitude outside ±90°, longitude outside ±180°).
 */
export function nearestInGrid(
  grid: PlaceGrid,
  lat: number,
  lon: number,
  options: { country?: CountryCode; maxKm?: number } = {},
): { place: Place; distanceKm: number } | null {
  if (!isValidPosition(lat, lon)) return null;
  const maxKm = options.maxKm ?? MAX_DISTANCE_KM;
  const { cellDeg, columns, cells } = grid;

  // Bounding box of the circle of radius maxKm (exact for a sphere: the widest longitude span of the
  // circle is asin(sin δ / cos φ); near a pole the circle covers every longitude).
  const delta = maxKm / EARTH_RADIUS_KM;
  const latMin = Math.max(-90, lat - delta / RAD);
  const latMax = Math.min(90, lat + delta / RAD);
  const sinDelta = Math.sin(delta);
  const cosLat = Math.cos(lat * RAD);
  const allColumns = latMax >= 90 || latMin <= -90 || sinDelta >= cosLat;
  const dLon = allColumns ? 180 : Math.asin(sinDelta / cosLat) / RAD;
  const firstColumn = Math.floor((lon - dLon + 180) / cellDeg);
  const lastColumn = Math.floor((lon + dLon + 180) / cellDeg);
  const columnCount = allColumns ? columns : Math.min(columns, lastColumn - firstColumn + 1);

  let best: Place | undefined;
  let bestKm = Infinity;
  for (let row = rowOf(latMin, cellDeg), lastRow = rowOf(latMax, cellDeg); row <= lastRow; row++) {
    for (let i = 0; i < columnCount; i++) {
      const column = (((allColumns ? i : firstColumn + i) % columns) + columns) % columns;
      const cell = cells.get(row * columns + column);
      if (!cell) continue;
      for (const place of cell) {
        if (options.country !== undefined && place.country !== options.country) continue;
        const km = haversineKm(lat, lon, place.lat, place.lon);
        if (km < bestKm) {
          bestKm = km;
          best = place;
        }
      }
    }
  }
  return best && bestKm <= maxKm ? { place: best, distanceKm: bestKm } : null;
}

let defaultGrid: PlaceGrid | undefined;

/**
 * The known place (`PLACES`) nearest to a position by great-circle distance, only among `country`'s
 * places when given, with its distance in kilometres. Just the nearest, whatever its size. Null when
 * the nearest is more than 60 km away or the position is invalid (NaN, infinite, out of range).
 */
export function nearestPlace(
  lat: number,
  lon: number,
  country?: CountryCode,
): { place: Place; distanceKm: number } | null {
  defaultGrid ??= buildPlaceGrid(PLACES);
  return nearestInGrid(defaultGrid, lat, lon, country === undefined ? {} : { country });
}
