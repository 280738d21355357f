import { sql, type RawBuilder } from 'kysely';
import { haversineKm } from '@datekit/runtime/data/nearest-place';
import type { Whereabouts } from '@datekit/runtime/data/place-of-profile';

const RAD = Math.PI / 180;

/**
 * An order for "nearest first" from `from`, in plain arithmetic both engines run (SQLite has no
 * trigonometry by default): the squared equirectangular distance, with the longitude scaled by the
 * cosine of the searcher's own latitude, worked out here. Within the brand's countries the order is
 * that of the true distance; members whose town is unknown come last.
 */
export function nearestFirst(from: Whereabouts): RawBuilder<number>[] {
  const lat = sql`cast(${from.lat} as double precision)`;
  const lon = sql`cast(${from.lon} as double precision)`;
  const scale = sql`cast(${Math.cos(from.lat * RAD)} as double precision)`;
  return [
    sql<number>`case when p.lat is null then 1 else 0 end`,
    sql<number>`(p.lat - ${lat}) * (p.lat - ${lat}) + (p.lon - ${lon}) * ${scale} * (p.lon - ${lon}) * ${scale}`,
  ];
}

/** Whole kilometres between two towns' centres, as a result card shows it; null when one is unknown. */
export function distanceKm(from: Whereabouts | null, to: { lat: number | null; lon: number | null }): number | null {
  if (!from || to.lat === null || to.lon === null) return null;
  return Math.round(haversineKm(from.lat, from.lon, to.lat, to.lon));
}
