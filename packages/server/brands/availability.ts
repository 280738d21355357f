import type { FastifyInstance } from 'fastify';
import { toLocale } from '@datekit/runtime/data/locales';
import { LANGUAGE_COOKIE_NAME } from '@datekit/runtime/rules/constants';
import { isAnyHostRoute } from '../ops/any-host.ts';
import type { Services } from '../services.ts';
import { unavailablePage } from '../site/site-handler.ts';
import type { SiteHandler } from '../site/site-handler.ts';

/** Seconds a client is told to wait (`Retry-After`) on the hosts of a brand out of service: a redeploy's time. */
export const BRAND_RETRY_AFTER_S = 300;

/**
 * One brand's mistake stays that brand's: a brand whose file is invalid (found by the CLI before the
 * server starts) or whose build is damaged (found by the site handler now) is taken out of service,
 * with one warning line naming the file and the problem. Its hosts answer 503 with `Retry-After`
 * (a translated page, or the API's JSON under /api/), while every other brand is served; /readyz
 * lists it. The health routes still answer on its hosts, as on any host.
 */
export function registerBrandAvailability(app: FastifyInstance, services: Services, site: SiteHandler): void {
  for (const build of site.damaged) {
    const brand = services.brands.get(build.domain)!;
    services.brands.takeOutOfService({
      domain: brand.domain,
      aliases: brand.aliases,
      language: brand.default_language,
      file: build.file,
      problem: build.problem,
    });
  }
  const unavailable = services.brands.unavailable();
  for (const { domain, file, problem } of unavailable)
    app.log.warn({ brand: domain, file, problem }, 'brand out of service (503)');
  // Nothing per request when every brand serves.
  if (unavailable.length === 0) return;

  app.addHook('onRequest', (request, reply, done) => {
    const brand = services.brands.unavailableForHost(request.headers.host);
    if (!brand || isAnyHostRoute(request)) return done();
    const cookies = request.headers.cookie ? app.parseCookie(request.headers.cookie) : {};
    const locale = toLocale(cookies[LANGUAGE_COOKIE_NAME]) ?? brand.language;
    const message = services.translate(locale, 'errors:site_unavailable');
    reply.code(503).header('retry-after', String(BRAND_RETRY_AFTER_S)).header('cache-control', 'no-store');
    if (request.url.startsWith('/api/')) reply.send({ error: 'site_unavailable', message });
    else reply.type('text/html; charset=utf-8').send(unavailablePage(locale, message));
  });
}
