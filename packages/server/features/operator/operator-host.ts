import type { FastifyRequest } from 'fastify';
import type { ServerConfig } from '../../config.ts';

/** Every operator API path starts so; it is answered on the operator host only. */
export const OPERATOR_API_PREFIX = '/api/operator/';

/** Whether the request's Host is the console's (port ignored, as for brands). */
export function isOperatorHost(request: FastifyRequest, config: ServerConfig): boolean {
  return isOperatorHostName(request.headers.host, config);
}

/** Whether a Host header's value names the console's host (port ignored). */
export function isOperatorHostName(host: string | undefined, config: ServerConfig): boolean {
  return (host ?? '').toLowerCase().replace(/:\d+$/, '') === config.operatorHost;
}

export function isOperatorApi(url: string): boolean {
  return url.startsWith(OPERATOR_API_PREFIX);
}
