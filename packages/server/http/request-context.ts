import type { FastifyRequest } from 'fastify';
import { type Locale, toLocale } from '@datekit/runtime/data/locales';
import { LANGUAGE_COOKIE_NAME } from '@datekit/runtime/rules/constants';
import type { Brand } from '@datekit/runtime/schemas/brand';
import { acceptedLocales } from './accept-language.ts';

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
  return cookieLocale(request, brand) ?? brand?.default_language ?? 'en';
}

/**
 * The language of an error answer: the cookie's, as for pages; a client without one (a first
 * request, a script, an app) is answered in the first language of its Accept-Language that the brand
 * shows before the brand's own. Pages keep requestLocale: settings.php sets the cookie from the
 * brand's language, and a page must not change language from one request to the next.
 */
export function errorLocale(request: FastifyRequest, brand: Brand | null): Locale {
  return (
    cookieLocale(request, brand) ??
    acceptedLocales(request.headers['accept-language']).find((l) => !brand || brand.languages.includes(l)) ??
    brand?.default_language ??
    'en'
  );
}

function cookieLocale(request: FastifyRequest, brand: Brand | null): Locale | null {
  const fromCookie = toLocale(request.cookies[LANGUAGE_COOKIE_NAME]);
  return fromCookie && (!brand || brand.languages.includes(fromCookie)) ? fromCookie : null;
}
