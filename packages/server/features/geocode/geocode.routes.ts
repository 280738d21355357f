import { nearestPlace } from '@datekit/runtime/data/nearest-place';
import { GEOLOCATION_CACHE_MS } from '@datekit/runtime/rules/constants';
import { defineRoute } from '../../http/define-route.ts';
import { geocodeRoute } from '@datekit/runtime/schemas/api/contracts/profile';

/**
 * Reverse geocoding from the offline place dataset shipped with datekit (no outside service sees
 * the member's position): the nearest town within 60 km, or null. The position itself is not stored.
 */
export const geocode = defineRoute({
  contract: geocodeRoute,
  summary:
    'The nearest town to a position (lat, lon), from an offline dataset of the supported countries; null when none is near.',
  auth: 'none',
  handler: async ({ query, reply }) => {
    reply.header('cache-control', `private, max-age=${GEOLOCATION_CACHE_MS / 1000}`);
    const found = nearestPlace(query.lat, query.lon);
    return {
      place: found ? { name: found.place.name, country: found.place.country, region: found.place.region } : null,
    };
  },
});

export const geocodeRoutes = [geocode];
