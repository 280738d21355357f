import { z } from 'zod';
import { nearestPlace } from '@datekit/runtime/data/nearest-place';
import { GEOLOCATION_CACHE_MS } from '@datekit/runtime/rules/constants';
import { geocodeResponseSchema } from '@datekit/runtime/schemas/api/geocode';
import { defineRoute } from '../../http/define-route.ts';

/**
 * Reverse geocoding from the offline place dataset shipped with datekit (no outside service sees
 * the member's position): the nearest town within 60 km, or null. The position itself is not stored.
 */
export const geocode = defineRoute({
  method: 'GET',
  url: '/api/geocode.php',
  summary:
    'The nearest town to a position (lat, lon), from an offline dataset of the supported countries; null when none is near.',
  auth: 'none',
  query: z.object({ lat: z.coerce.number().min(-90).max(90), lon: z.coerce.number().min(-180).max(180) }),
  response: geocodeResponseSchema,
  handler: async ({ query, reply }) => {
    reply.header('cache-control', `private, max-age=${GEOLOCATION_CACHE_MS / 1000}`);
    const found = nearestPlace(query.lat, query.lon);
    return {
      place: found ? { name: found.place.name, country: found.place.country, region: found.place.region } : null,
    };
  },
});

export const geocodeRoutes = [geocode];
