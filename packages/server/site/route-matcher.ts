import type { ManifestRoute, RoutesManifest } from '@datekit/runtime/routes.ts';

export type { ManifestRoute, RoutesManifest };

export interface CompiledRoute extends ManifestRoute {
  pattern: RegExp;
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
    .map((route) => ({ ...route, pattern: compilePattern(route.path) }));
}

export function matchRoute(routes: readonly CompiledRoute[], pathname: string): CompiledRoute | null {
  return routes.find((route) => route.pattern.test(pathname)) ?? null;
}
