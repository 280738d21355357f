import type { ManifestRoute, RoutesManifest } from '@datekit/runtime/routes';

export type { ManifestRoute, RoutesManifest };

export interface CompiledRoute extends ManifestRoute {
  pattern: RegExp;
  /** Names of the pattern's capture groups, in order. */
  paramNames: string[];
}

export interface RouteMatch {
  route: CompiledRoute;
  params: Record<string, string>;
}

/** `/members/{id}/landing2/{slug?}` -> /^\/members\/([^/]+)\/landing2(?:\/([^/]+))?\/?$/ */
export function compilePattern(path: string): RegExp {
  const body = path
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^\{(\w+)(\?)?\}$/.exec(segment);
      if (!param) return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
      return param[2] ? '(?:/([^/]+))?' : '/([^/]+)';
    })
    .join('');
  return new RegExp(`^${body}/?$`);
}

/** Static paths win over dynamic ones (`/likes/m/{id}` before `/likes/{type}`), then longer before shorter. */
export function compileRoutes(routes: readonly ManifestRoute[]): CompiledRoute[] {
  const dynamicCount = (r: ManifestRoute) => (r.path.match(/\{/g) ?? []).length;
  return [...routes]
    .sort((a, b) => dynamicCount(a) - dynamicCount(b) || b.path.length - a.path.length)
    .map((route) => ({
      ...route,
      pattern: compilePattern(route.path),
      paramNames: [...route.path.matchAll(/\{(\w+)\??\}/g)].map((m) => m[1]!),
    }));
}

/** The first route whose pattern matches and whose constrained parameters hold allowed values. */
export function matchRoute(routes: readonly CompiledRoute[], pathname: string): RouteMatch | null {
  for (const route of routes) {
    const found = route.pattern.exec(pathname);
    if (!found) continue;
    const params: Record<string, string> = {};
    route.paramNames.forEach((name, index) => {
      const value = found[index + 1];
      if (value !== undefined) params[name] = value;
    });
    const allowed = Object.entries(route.params ?? {}).every(
      ([name, values]) => params[name] === undefined || values.includes(params[name]),
    );
    if (allowed) return { route, params };
  }
  return null;
}
