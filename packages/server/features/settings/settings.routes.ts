import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { toLocale } from '@datekit/runtime/data/locales';
import { LANGUAGE_COOKIE_DAYS, LANGUAGE_COOKIE_NAME } from '@datekit/runtime/rules/constants';
import { ApiError } from '../../errors/api-error.ts';
import { defineRoute } from '../../http/define-route.ts';
import { companyInfoRoute, settingsRoute } from '@datekit/runtime/schemas/api/contracts/catalog';
import { fromTrustedProxy } from '../../http/trusted-proxy.ts';
import { AnswerCache } from '../../http/serialized-answer.ts';
import { toCompanyJson, toSettingsJson } from './settings-json.ts';

/**
 * The answer depends only on the app's config, the brand and the visitor's country (one of at most
 * 26² codes): each is serialised once, the first time it is asked for.
 */
const answers = new AnswerCache<z.output<typeof settingsRoute.response>>();

/** The Set-Cookie value for each language, serialised once. */
const languageCookies = new Map<string, string>();

function languageCookie(app: FastifyInstance, locale: string): string {
  let value = languageCookies.get(locale);
  if (!value) {
    value = app.serializeCookie(LANGUAGE_COOKIE_NAME, locale, {
      path: '/',
      sameSite: 'lax',
      maxAge: LANGUAGE_COOKIE_DAYS * 86_400,
    });
    languageCookies.set(locale, value);
  }
  return value;
}

/** Headers a trusted edge proxy sets with the visitor's country; never believed from anyone else. */
const GEOIP_HEADERS = ['cf-ipcountry', 'x-country-code', 'x-geoip-country'];

export const getSettings = defineRoute({
  contract: settingsRoute,
  summary:
    "Brand settings for a host (the `host` parameter, else the Host header). Sets the language cookie from the serving host's domain_language when the visitor has none.",
  auth: 'none',
  handler: async ({ query, request, reply, services }) => {
    const brand = query.host ? services.brands.forHost(query.host) : request.brand;
    if (!brand) throw new ApiError('unknown_host');
    const header = fromTrustedProxy(request, services.config)
      ? GEOIP_HEADERS.map((h) => request.headers[h]).find(Boolean)
      : undefined;
    const geoipCountry = typeof header === 'string' && /^[A-Z]{2}$/i.test(header) ? header.toUpperCase() : null;
    // The cookie belongs to the host that serves this answer, whichever brand `host` asked about: it
    // may only hold one of the serving brand's languages.
    const serving = request.brand!;
    const locale = toLocale(serving.domain_language);
    if (!request.cookies[LANGUAGE_COOKIE_NAME] && locale && serving.languages.includes(locale)) {
      // Appended to, not replaced by, any cookie set through reply.setCookie (@fastify/cookie merges).
      reply.header('set-cookie', languageCookie(request.server, locale));
    }
    // The browser may keep the answer but asks again on every page: the ETag makes that a 304.
    // Private: it follows this visitor's country, and may carry their language cookie.
    reply.header('cache-control', 'private, no-cache');
    const key = geoipCountry ? `${brand.domain} ${geoipCountry}` : brand.domain;
    return answers.get(reply, services, key, () => ({
      settings: toSettingsJson(brand, {
        geoipCountry,
        cdnPrefix: services.config.cdnPrefix,
        pushPublicKey: services.config.pushPublicKey,
        testSite: services.config.testSite,
      }),
      domain_language: brand.domain_language,
    }));
  },
});

export const getCompanyInfo = defineRoute({
  contract: companyInfoRoute,
  summary: 'The company operating the site, as the legal pages name it.',
  auth: 'none',
  handler: async ({ brand }) => ({ company: toCompanyJson(brand) }),
});

export const settingsRoutes = [getSettings, getCompanyInfo];
