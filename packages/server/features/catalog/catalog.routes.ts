import { INTERESTS } from '@datekit/runtime/data/interests';
import { regionsOf } from '@datekit/runtime/data/regions';
import { defineRoute } from '../../http/define-route.ts';
import { interestsRoute, regionsRoute } from '@datekit/runtime/schemas/api/contracts/catalog';

export const listInterests = defineRoute({
  contract: interestsRoute,
  summary:
    'The fixed list of interests (hobbies and intimate interests), each with an icon, named in the request language.',
  auth: 'none',
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
  contract: regionsRoute,
  summary: "First-level regions of a country (default: each of the brand's countries), by ISO 3166-2 code.",
  auth: 'none',
  handler: async ({ query, brand, reply }) => {
    reply.header('cache-control', 'public, max-age=3600');
    const countries = query.country ? [query.country] : brand.countries;
    return { regions: countries.flatMap((country) => regionsOf(country).map((r) => ({ ...r }))) };
  },
});

export const catalogRoutes = [listInterests, listRegions];
