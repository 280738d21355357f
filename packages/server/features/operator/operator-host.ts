import type { FastifyRequest } from 'fastify';
import type { ServerConfig } from '../../config.ts';

/** Every operator API path starts so; it is answered on the operator host only. */
export const OPERATOR_API_PREFIX = '/api/operator/';

/** Whether the request's Host is the console's (port ignored, as for brands). */
export function isOperatorHost(request: FastifyRequest, config: ServerConfig): boolean {
  const host = (request.headers.host ?? '').toLowerCase().replace(/:\d+$/, '');
  return host === config.operatorHost;
}

export function isOperatorApi(url: string): boolean {
  return url.startsWith(OPERATOR_API_PREFIX);
}
