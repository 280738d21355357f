import type { FastifyRequest } from 'fastify';
import type { BrandRegistry } from '../brands/registry.ts';

/**
 * The origin links in e-mail point to. The host is safe to echo: a request only reaches a route
 * after its Host resolved to one of our brands.
 */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * Whether a write comes from another site (defence in depth beside the client header and SameSite
 * cookies): the browser says so (`Sec-Fetch-Site: cross-site`), or its `Origin` is not the request's
 * own host nor a host of the same brand (an alias, `www.`, `<domain>.localhost`). `Origin: null`
 * (sandboxed frames, some redirects) counts as foreign. Without either header (curl, server-to-server
 * clients) the client header alone decides.
 */
export function isCrossSiteWrite(request: FastifyRequest, brands: BrandRegistry): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return true;
  }
  if (!originHost) return true;
  if (originHost.toLowerCase() === request.headers.host?.toLowerCase()) return false;
  const originBrand = brands.forHost(originHost);
  return !originBrand || originBrand.domain !== request.brand?.domain;
}
