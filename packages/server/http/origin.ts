import type { FastifyRequest } from 'fastify';

/**
 * The origin links in e-mail point to. The host is safe to echo: a request only reaches a route
 * after its Host resolved to one of our brands.
 */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}
