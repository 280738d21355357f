import { z } from 'zod';

/** The nearest town to a position. */
export const geocodedPlaceSchema = z.object({
  name: z.string(),
  country: z.string(),
  /** ISO 3166-2 region id, e.g. `NL-UT`. */
  region: z.string(),
});

/** GET /api/geocode.php: the nearest town, or null far from any. */
export const geocodeResponseSchema = z.object({ place: geocodedPlaceSchema.nullable() });

export type GeocodedPlace = z.infer<typeof geocodedPlaceSchema>;
