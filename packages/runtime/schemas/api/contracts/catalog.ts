import { z } from 'zod';
import { contract } from '../../../api/contract.ts';
import { COUNTRY_CODES } from '../../../data/countries.ts';
import { interestsResponseSchema, regionsResponseSchema } from '../catalog.ts';
import { companyInfoResponseSchema, settingsResponseSchema } from '../settings.ts';

export const interestsRoute = contract({
  method: 'GET',
  path: '/api/interests.php',
  response: interestsResponseSchema,
});

export const regionsRoute = contract({
  method: 'GET',
  path: '/api/regions.php',
  query: z.object({ country: z.enum(COUNTRY_CODES).optional() }),
  response: regionsResponseSchema,
});

/** `host`: the brand a native shell asks for; other parameters (tracking) pass through unread. */
export const settingsRoute = contract({
  method: 'GET',
  path: '/api/settings.php',
  query: z.looseObject({ host: z.string().max(255).optional() }),
  response: settingsResponseSchema,
});

export const companyInfoRoute = contract({
  method: 'GET',
  path: '/api/companyinfo.php',
  response: companyInfoResponseSchema,
});
