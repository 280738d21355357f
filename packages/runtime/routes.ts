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
}

const route = (name: string, path: string, layout: LayoutName = 'default', auth = false): RouteDef => ({
  name,
  path,
  layout,
  auth,
});

export const ROUTES: readonly RouteDef[] = [
  route('index', '/'),
  route('login', '/login'),
  route('signup', '/signup'),
  route('activate-done', '/activate/done'),
  route('activate-error', '/activate/error'),
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

/** One entry of `dist/<domain>/routes.json`: written by `datekit build`, read by the server. */
export interface ManifestRoute {
  name: string;
  /** The spec's pattern syntax: `/members/{id}`, `/transactions/{id?}`. */
  path: string;
  /** The prerendered page, relative to `dist/<domain>/<lang>/`. */
  shell: string;
  layout: LayoutName;
  auth: boolean;
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
