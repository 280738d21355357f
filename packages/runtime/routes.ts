import { LANDER_ROUTE_VARIANTS, SLUGLESS_LANDER } from './data/landers.ts';
import { NICHE_SLUGS } from './data/niches.ts';

/**
 * The spec's route table (§2) as data: one place that the site, the server's routes manifest and the
 * navigation all read. Paths use `{param}` and `{param?}` for (optional) dynamic segments.
 */
export type LayoutName = 'default' | 'chat' | 'lander' | 'empty';

export interface RouteDef {
  name: string;
  path: string;
  layout: LayoutName;
  /** Whether the route needs a logged-in member; visitors are sent to login. */
  auth: boolean;
  /** Allowed values of path parameters; any other value answers 404 (e.g. a lander slug must be a niche slug). */
  params?: Readonly<Record<string, readonly string[]>>;
}

const route = (
  name: string,
  path: string,
  layout: LayoutName = 'default',
  auth = false,
  params?: RouteDef['params'],
): RouteDef => ({ name, path, layout, auth, ...(params ? { params } : {}) });

/** Lander slugs name a niche (spec §2 landing pages). */
const NICHE_SLUG_PARAM = { slug: NICHE_SLUGS };

export { LANDER_ROUTE_VARIANTS };

export const STATIC_PAGES = ['ban', 'cookies', 'faq', 'privacy', 'return-policy', 'service', 'terms'] as const;

/**
 * Layouts (spec §2): the conversation screens use `chat`, landers and member landing pages `lander`,
 * the focused signup follow-ups `empty`; everything else `default`. `auth` marks what only members
 * see; the server sends visitors of those paths to /login.
 */
export const ROUTES: readonly RouteDef[] = [
  route('index', '/'),
  route('likes-m-id', '/likes/m/{id}', 'default', true),
  route('account-deleted', '/account-deleted'),
  route('chats', '/chats', 'default', true),
  route('chats-id', '/chats/{id}', 'chat', true),
  route('complaints', '/complaints'),
  route('complete-signup', '/complete-signup', 'empty', true),
  route('credits', '/credits', 'default', true),
  route('credits-repeat-order', '/credits/repeat-order', 'default', true),
  route('credits-id-paymentmethod', '/credits/{id}/{paymentmethod?}', 'default', true),
  route('directdebit', '/directdebit', 'default', true),
  route('lang-config', '/lang-config'),
  route('likes', '/likes', 'default', true),
  route('likes-type', '/likes/{type}', 'default', true),
  route('login', '/login'),
  route('match-finder', '/match-finder', 'default', true),
  route('members', '/members'),
  route('members-id', '/members/{id}'),
  route('members-id-chat', '/members/{id}/chat', 'chat', true),
  route('members-id-landing', '/members/{id}/landing', 'lander'),
  route('members-id-signup', '/members/{id}/signup'),
  route('members-id-landing2-slug', '/members/{id}/landing2/{slug?}', 'lander', false, NICHE_SLUG_PARAM),
  route('members-id-landing3-slug', '/members/{id}/landing3/{slug?}', 'lander', false, NICHE_SLUG_PARAM),
  route('notifications', '/notifications', 'default', true),
  route('premium', '/premium', 'default', true),
  route('pricing', '/pricing'),
  route('profile', '/profile', 'default', true),
  route('reset-password', '/reset-password'),
  route('reset-password-do', '/reset-password/do'),
  route('signup', '/signup'),
  route('signup-matches', '/signup-matches', 'empty', true),
  route('swipe-game', '/swipe-game', 'default', true),
  route('activate-done', '/activate/done'),
  route('activate-error', '/activate/error'),
  route('mail-change-do', '/mail-change/do'),
  route('transactions-id', '/transactions/{id?}', 'default', true),
  /** Account settings: referenced by the layout, not in the spec's table (spec §2). */
  route('settings', '/settings', 'default', true),
  ...STATIC_PAGES.map((page) => route(`pages-${page}`, `/pages/${page}`)),
  route(`landers-${SLUGLESS_LANDER}`, `/landers/${SLUGLESS_LANDER}`, 'lander'),
  ...LANDER_ROUTE_VARIANTS.map((variant) =>
    route(`landers-${variant}-slug`, `/landers/${variant}/{slug?}`, 'lander', false, NICHE_SLUG_PARAM),
  ),
];

/** Routes the default layout treats as the members area (spec §2 Layouts). */
export const MEMBERS_AREA_ROUTES = ['members', 'members-id', 'chats', 'likes', 'likes-m-id', 'premium'] as const;

export function routeByName(name: string): RouteDef | undefined {
  return ROUTES.find((r) => r.name === name);
}

/** Fills a route path's parameters: `pathFor('members-id', { id: 7 })` is `/members/7`. */
export function pathFor(name: string, params: Record<string, string | number> = {}): string {
  const def = routeByName(name);
  if (!def) throw new Error(`Unknown route "${name}"`);
  const filled = def.path.replace(/\/\{(\w+)(\?)?\}/g, (_, key: string, optional?: string) => {
    const value = params[key];
    if (value === undefined) {
      if (optional) return '';
      throw new Error(`Route "${name}" needs parameter "${key}"`);
    }
    return `/${encodeURIComponent(String(value))}`;
  });
  return filled || '/';
}

/** The page the server answers unknown paths with (status 404), in every language directory. */
export const NOT_FOUND_SHELL = '404.html';
/** The page the server answers its own failures with (status 500). */
export const ERROR_PAGE_SHELL = '500.html';

/** One entry of `dist/<domain>/routes.json`: written by `datekit build`, read by the server. */
export interface ManifestRoute {
  name: string;
  /** The spec's pattern syntax: `/members/{id}`, `/transactions/{id?}`. */
  path: string;
  /** The prerendered page, relative to `dist/<domain>/<lang>/`. */
  shell: string;
  layout: LayoutName;
  auth: boolean;
  params?: RouteDef['params'];
}

/**
 * What the server needs to answer a brand's page requests: every route that was built, each with its
 * shell, and the page for anything else (answered with status 404). Static and dynamic paths alike go
 * through it; other files with an extension are served from `dist/<domain>/<lang>/` as they are.
 */
export interface RoutesManifest {
  domain: string;
  languages: string[];
  routes: ManifestRoute[];
  notFound: string;
}
