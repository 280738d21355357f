import { z } from 'zod';
import { COUNTRY_CODES } from '@datekit/runtime/data/countries';
import { INTERESTS } from '@datekit/runtime/data/interests';
import { regionsOf } from '@datekit/runtime/data/regions';
import { interestsResponseSchema, regionsResponseSchema } from '@datekit/runtime/schemas/api/catalog';
import { defineRoute } from '../../http/define-route.ts';

export const listInterests = defineRoute({
  method: 'GET',
  url: '/api/interests.php',
  summary:
    'The fixed list of interests (hobbies and intimate interests), each with an icon, named in the request language.',
  auth: 'none',
  response: interestsResponseSchema,
  handler: async ({ locale, services, reply }) => {
    reply.header('cache-control', 'public, max-age=3600');
    return {
      interests: INTERESTS.map((interest) => ({
        ...interest,
        name: services.translate(locale, `interests:${interest.slug}`),
      })),
    };
  },
});

export const listRegions = defineRoute({
  method: 'GET',
  url: '/api/regions.php',
  summary: "First-level regions of a country (default: each of the brand's countries), by ISO 3166-2 code.",
  auth: 'none',
  query: z.object({ country: z.enum(COUNTRY_CODES).optional() }),
  response: regionsResponseSchema,
  handler: async ({ query, brand, reply }) => {
    reply.header('cache-control', 'public, max-age=3600');
    const countries = query.country ? [query.country] : brand.countries;
    return { regions: countries.flatMap((country) => regionsOf(country).map((r) => ({ ...r }))) };
  },
});

export const catalogRoutes = [listInterests, listRegions];
