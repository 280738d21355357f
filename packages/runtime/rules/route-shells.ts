/**
 * Where the prerendered page ("shell") of a route lives inside `dist/<domain>/<lang>/`.
 *
 * A static route is built at its own path (`/activate/done` -> `activate/done/index.html`). A dynamic
 * route is prerendered once, with each `{param}` or `{param?}` segment replaced by `_param`
 * (`/members/{id}` -> `members/_id/index.html`); the server answers every matching path with that
 * shell and the islands read the parameters from `location.pathname`. Pages of dynamic routes pass
 * `shellParam('id')` as the value of their Astro parameter so that the file lands where this says.
 */
export function shellParam(name: string): string {
  return `_${name}`;
}

export function shellFile(routePath: string): string {
  const segments = routePath
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^\{(\w+)\??\}$/.exec(segment);
      return param ? shellParam(param[1]!) : segment;
    });
  return segments.length === 0 ? 'index.html' : `${segments.join('/')}/index.html`;
}

/** Whether a route path has `{param}` segments. */
export function isDynamicPath(routePath: string): boolean {
  return /\{\w+\??\}/.test(routePath);
}
