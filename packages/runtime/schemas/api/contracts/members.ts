import { z } from 'zod';
import { contract } from '../../../api/contract.ts';
import { COUNTRY_CODES } from '../../../data/countries.ts';
import { SEARCH_SORTS } from '../../../rules/search.ts';
import { TRACKING_PARAMS } from '../signup.ts';
import {
  memberPhotosResponseSchema,
  memberPreviewResponseSchema,
  memberResponseSchema,
  newMembersResponseSchema,
  searchResponseSchema,
} from '../members.ts';
import { okResponseSchema } from '../ok.ts';
import { routeIdSchema } from '../route-id.ts';

/** The member a like, block or message is about. */
export const profileIdBodySchema = z.object({ profile_id: z.number().int().positive() });

export const memberRoute = contract({
  method: 'GET',
  path: '/api/member.php',
  query: z.object({ id: routeIdSchema }),
  response: memberResponseSchema,
});

export const memberPhotosRoute = contract({
  method: 'GET',
  path: '/api/member-photos.php',
  query: z.object({ id: routeIdSchema }),
  response: memberPhotosResponseSchema,
});

export const memberPreviewRoute = contract({
  method: 'GET',
  path: '/api/member-preview.php',
  query: z.object({ id: routeIdSchema }),
  response: memberPreviewResponseSchema,
});

export const newMembersRoute = contract({
  method: 'GET',
  path: '/api/new-members.php',
  response: newMembersResponseSchema,
});

const age = z.coerce.number().int().min(0).max(150);

/** The search's filters; the tracking parameters of the visit pass through to a visitor's search. */
export const searchQuerySchema = z.object({
  gender: z.enum(['female', 'male', 'any']).optional(),
  country: z.enum(COUNTRY_CODES).optional(),
  countryregion: z
    .string()
    .regex(/^[A-Z]{2}-[A-Z0-9]{1,3}$/)
    .optional(),
  min_age: age.optional(),
  max_age: age.optional(),
  page: z.coerce.number().int().min(1).max(10_000).optional(),
  sort: z.enum(SEARCH_SORTS).optional(),
  ...Object.fromEntries(TRACKING_PARAMS.map((p) => [p, z.string().max(100).optional()])),
});

export const searchRoute = contract({
  method: 'GET',
  path: '/api/members.php',
  query: searchQuerySchema,
  response: searchResponseSchema,
});

export const blockRoute = contract({
  method: 'POST',
  path: '/api/block.php',
  body: profileIdBodySchema,
  response: okResponseSchema,
});

export const unblockRoute = contract({
  method: 'DELETE',
  path: '/api/block.php',
  body: profileIdBodySchema,
  response: okResponseSchema,
});
