/**
 * The parameters of a route path in a URL path: `routeParams('/likes/{type}', '/likes/sent')` is
 * `{ type: 'sent' }`. Islands of a prerendered shell (one page for every `/likes/{type}`) read their
 * parameters this way. Null when the path does not match; an absent optional parameter is left out.
 */
export function routeParams(routePath: string, pathname: string): Record<string, string> | null {
  const pattern = routePath.split('/').filter(Boolean);
  const actual = pathname.split('/').filter(Boolean);
  const params: Record<string, string> = {};
  let i = 0;
  for (const segment of pattern) {
    const param = /^\{(\w+)(\?)?\}$/.exec(segment);
    const value = actual[i];
    if (!param) {
      if (value !== segment) return null;
      i += 1;
      continue;
    }
    if (value === undefined) {
      if (param[2]) continue;
      return null;
    }
    try {
      params[param[1]!] = decodeURIComponent(value);
    } catch {
      return null;
    }
    i += 1;
  }
  return i === actual.length ? params : null;
}
