import type { CountryMap, LonLat } from './country-maps.ts';

/**
 * Projects a country for an SVG: equirectangular, with longitudes shrunk by the cosine of the middle
 * latitude so that shapes keep their proportions at European latitudes, fitted into `width` with a
 * margin; the height follows from the country's shape.
 */
export interface ProjectedMap {
  width: number;
  height: number;
  /** One SVG path for all rings of the outline. */
  path: string;
  cities: { name: string; x: number; y: number }[];
}

export function projectCountry(map: CountryMap, width = 400, margin = 16): ProjectedMap {
  const points = map.outline.flat();
  const lons = points.map(([lon]) => lon);
  const lats = points.map(([, lat]) => lat);
  const [minLon, maxLon] = [Math.min(...lons), Math.max(...lons)];
  const [minLat, maxLat] = [Math.min(...lats), Math.max(...lats)];
  const shrink = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
  const scale = (width - 2 * margin) / ((maxLon - minLon) * shrink);
  const height = Math.round((maxLat - minLat) * scale + 2 * margin);
  const project = ([lon, lat]: LonLat) => ({
    x: round(margin + (lon - minLon) * shrink * scale),
    y: round(margin + (maxLat - lat) * scale),
  });
  const path = map.outline
    .map(
      (ring) => ring.map((point, i) => `${i === 0 ? 'M' : 'L'}${project(point).x} ${project(point).y}`).join('') + 'Z',
    )
    .join('');
  const cities = map.cities.map(([name, lon, lat]) => ({ name, ...project([lon, lat]) }));
  return { width, height, path, cities };
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
