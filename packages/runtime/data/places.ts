import type { CountryCode } from './countries.ts';
import { PLACES_AT } from './places/at.ts';
import { PLACES_BE } from './places/be.ts';
import { PLACES_CH } from './places/ch.ts';
import { PLACES_DE } from './places/de.ts';
import { PLACES_DK } from './places/dk.ts';
import { PLACES_ES } from './places/es.ts';
import { PLACES_FI } from './places/fi.ts';
import { PLACES_FR } from './places/fr.ts';
import { PLACES_GB } from './places/gb.ts';
import { PLACES_IE } from './places/ie.ts';
import { PLACES_IT } from './places/it.ts';
import { PLACES_LU } from './places/lu.ts';
import { PLACES_NL } from './places/nl.ts';
import { PLACES_NO } from './places/no.ts';
import { PLACES_PL } from './places/pl.ts';
import { PLACES_SE } from './places/se.ts';
import { PLACES_US } from './places/us.ts';

/**
 * A city or larger town, for offline reverse geocoding (`nearestPlace`): what a profile shows as
 * "lives near …" when the member shares a position instead of typing a place.
 */
export interface Place {
  /** The name as people there write it (`Den Haag`, `München`, `København`, `Brussel / Bruxelles`). */
  name: string;
  country: CountryCode;
  /** ISO 3166-2 id of the place's first-level region, one of `REGIONS` of `country`. */
  region: string;
  /** Latitude of the city centre, WGS 84 degrees, 4 decimals (about 10 m). */
  lat: number;
  /** Longitude of the city centre, WGS 84 degrees, 4 decimals. */
  lon: number;
  /** Approximate number of inhabitants (recent census or estimate, of the city or town itself). */
  population: number;
}

/** One place of a country's table in `places/<cc>.ts`; the country is the table's. */
export type PlaceRow = readonly [name: string, region: string, lat: number, lon: number, population: number];

const TABLES: Record<CountryCode, readonly PlaceRow[]> = {
  NL: PLACES_NL,
  BE: PLACES_BE,
  LU: PLACES_LU,
  DE: PLACES_DE,
  AT: PLACES_AT,
  CH: PLACES_CH,
  DK: PLACES_DK,
  NO: PLACES_NO,
  SE: PLACES_SE,
  FI: PLACES_FI,
  PL: PLACES_PL,
  FR: PLACES_FR,
  IT: PLACES_IT,
  ES: PLACES_ES,
  IE: PLACES_IE,
  GB: PLACES_GB,
  US: PLACES_US,
};

/**
 * The cities and larger towns of every country of `COUNTRIES`, grouped by country in that order:
 * at least the 40 largest places of each (12 for Luxembourg), every place above about 50,000
 * inhabitants in the larger European countries, and for the US the largest cities plus the main
 * ones of every state.
 */
export const PLACES: readonly Place[] = Object.freeze(
  (Object.entries(TABLES) as [CountryCode, readonly PlaceRow[]][]).flatMap(([country, rows]) =>
    rows.map(([name, region, lat, lon, population]): Place => ({ name, country, region, lat, lon, population })),
  ),
);

const BY_COUNTRY = new Map<string, readonly Place[]>(
  (Object.keys(TABLES) as CountryCode[]).map((c) => [
    c,
    Object.freeze(PLACES.filter((p) => p.country === c).sort((a, b) => b.population - a.population)),
  ]),
);

/** The places of one country code (case-insensitive), largest first; empty for a country datekit does not know. */
export function placesOf(country: string): readonly Place[] {
  return BY_COUNTRY.get(country.toUpperCase()) ?? [];
}
