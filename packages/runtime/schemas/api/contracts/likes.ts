import { contract } from '../../../api/contract.ts';
import {
  autoLikeResponseSchema,
  likeResponseSchema,
  likesResponseSchema,
  matchMomentResponseSchema,
} from '../likes.ts';
import { okResponseSchema } from '../ok.ts';
import { swipeCandidatesResponseSchema, swipeLikeResponseSchema } from '../swipe.ts';
import { profileIdBodySchema } from './members.ts';

export const likesRoute = contract({ method: 'GET', path: '/api/likes.php', response: likesResponseSchema });

export const likeRoute = contract({
  method: 'POST',
  path: '/api/like.php',
  body: profileIdBodySchema,
  response: likeResponseSchema,
});

export const unlikeRoute = contract({
  method: 'DELETE',
  path: '/api/like.php',
  body: profileIdBodySchema,
  response: okResponseSchema,
});

export const autoLikeRoute = contract({ method: 'GET', path: '/api/auto-like.php', response: autoLikeResponseSchema });

export const matchMomentRoute = contract({
  method: 'GET',
  path: '/api/match-moment.php',
  response: matchMomentResponseSchema,
});

export const matchMomentSeenRoute = contract({
  method: 'POST',
  path: '/api/match-moment.php',
  body: profileIdBodySchema,
  response: okResponseSchema,
});

export const swipeCandidatesRoute = contract({
  method: 'GET',
  path: '/api/swipe.php',
  response: swipeCandidatesResponseSchema,
});

export const swipeLikeRoute = contract({
  method: 'POST',
  path: '/api/swipe.php',
  body: profileIdBodySchema,
  response: swipeLikeResponseSchema,
});
