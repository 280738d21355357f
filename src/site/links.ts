import { pathFor, routeByName } from '../../packages/runtime/routes.ts';

/**
 * Where the navigation and footer link to, by the spec's route names (§2). Paths are spelled here
 * until their routes exist in `packages/runtime/routes.ts`; then `pathFor(name)` gives the same path.
 */
export const LINKS = {
  home: '/',
  login: '/login',
  signup: '/signup',
  members: '/members',
  chats: '/chats',
  likes: '/likes',
  credits: '/credits',
  premium: '/premium',
  pricing: '/pricing',
  profile: '/profile',
  /** Spec §2: the notifications route is the one labelled "settings" in the navigation. */
  settings: '/notifications',
  complaints: '/complaints',
  resetPassword: '/reset-password',
  terms: '/pages/terms',
  privacy: '/pages/privacy',
  cookies: '/pages/cookies',
  ban: '/pages/ban',
  returnPolicy: '/pages/return-policy',
  faq: '/pages/faq',
  service: '/pages/service',
} as const;

/** Where a member lands after logging in when no page asked for it: the member search once it exists. */
export const AFTER_LOGIN_PATH = routeByName('members') ? pathFor('members') : LINKS.home;
