import type { FastifyRequest } from 'fastify';

/**
 * Routes for the operator's machinery (health checks, metrics) answer on any Host: a load balancer
 * or monitoring probe asks by IP address or by an internal name, which is no brand's domain.
 */
export const ANY_HOST = { anyHost: true } as const;

export function isAnyHostRoute(request: FastifyRequest): boolean {
  return (request.routeOptions.config as { anyHost?: boolean } | undefined)?.anyHost === true;
}
