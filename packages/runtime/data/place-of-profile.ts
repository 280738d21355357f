import { placesOf, type Place } from './places.ts';

/** Where a profile is, as far as distances go: a town's centre, never the member's own position. */
export interface Whereabouts {
  lat: number;
  lon: number;
}

/** How a typed town compares with a place's name: case, accents and spacing do not count. */
function key(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[\s-]+/g, ' ')
    .trim();
}

/** Every name a place answers to: `Brussel / Bruxelles` is both `Brussel` and `Bruxelles`. */
function namesOf(place: Place): string[] {
  return [place.name, ...place.name.split('/')].map(key);
}

/**
 * The point a profile's distances are measured from (search's "nearest first"): the centre of its town
 * when the town is one of the country's known places (also when the member shared a position, which
 * stores the nearest town's name), else the largest place of its region, else none. So two members
 * of one town are 0 km apart and nobody's distance reveals more than their town does.
 */
export function placeOfProfile(profile: {
  country: string;
  region: string | null;
  city: string | null;
}): Whereabouts | null {
  const places = placesOf(profile.country);
  if (profile.city) {
    const typed = key(profile.city);
    const named = places.filter((p) => namesOf(p).includes(typed));
    // A name two regions share (Frankfurt) is the one in the member's region, else the larger one.
    const place = named.find((p) => p.region === profile.region) ?? named[0];
    if (place) return { lat: place.lat, lon: place.lon };
  }
  // `places` is largest first, so this is the region's main town.
  const regional = profile.region ? places.find((p) => p.region === profile.region) : undefined;
  return regional ? { lat: regional.lat, lon: regional.lon } : null;
}
