import type { FastifyRequest } from 'fastify';
import { type Brand, LANGUAGE_COOKIE_NAME, type Locale, toLocale } from '@datekit/runtime';

export const SESSION_COOKIE = 'dk_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The brand the Host header names; null for an unknown host (answered 404 before any route runs). */
    brand: Brand | null;
  }
}

/**
 * The language of a request (spec §9): the language cookie when the brand shows that language,
 * else the brand's domain_language, else English.
 */
export function requestLocale(request: FastifyRequest, brand: Brand | null): Locale {
  const fromCookie = toLocale(request.cookies[LANGUAGE_COOKIE_NAME]);
  if (fromCookie && (!brand || brand.languages.includes(fromCookie))) return fromCookie;
  return brand?.default_language ?? 'en';
}
