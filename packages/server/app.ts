import cookie from '@fastify/cookie';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { ApiError } from './errors/api-error.ts';
import { createErrorHandler } from './errors/error-handler.ts';
import { accountRoutes } from './features/account/account.routes.ts';
import { mailEventRoutes } from './features/notifications/mail-events.routes.ts';
import { unsubscribe, unsubscribeRoutes } from './features/notifications/unsubscribe.routes.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { catalogRoutes } from './features/catalog/catalog.routes.ts';
import { blockRoutes } from './features/blocks/blocks.routes.ts';
import { chatRoutes } from './features/chat/chat.routes.ts';
import { chatExtraRoutes } from './features/chat/extras.routes.ts';
import { chatLiveRoutes } from './features/chat/live.routes.ts';
import { geocodeRoutes } from './features/geocode/geocode.routes.ts';
import { likeRoutes } from './features/likes/likes.routes.ts';
import { memberProfileRoutes } from './features/members/member-profile.routes.ts';
import { memberRoutes } from './features/members/members.routes.ts';
import { paymentRoutes, paymentWebhook } from './features/payments/payments.routes.ts';
import { directDebitRoutes } from './features/direct-debit/direct-debit.routes.ts';
import { sandboxCheckoutRoutes, sandboxDecide } from './features/payments/sandbox-checkout.routes.ts';
import { discountRoutes } from './features/discounts/discounts.routes.ts';
import { passwordResetRoutes } from './features/password-reset/password-reset.routes.ts';
import { photoRoutes } from './features/photos/photos.routes.ts';
import { profileRoutes } from './features/profile/profile.routes.ts';
import { reportRoutes } from './features/reports/reports.routes.ts';
import { searchRoutes } from './features/search/search.routes.ts';
import { settingsRoutes } from './features/settings/settings.routes.ts';
import { swipeRoutes } from './features/swipe/swipe.routes.ts';
import { signupRoutes } from './features/signup/signup.routes.ts';
import { trackingRoutes } from './features/tracking/page-hidden.routes.ts';
import { mountRoute, type AnyRouteSpec } from './http/define-route.ts';
import { eventRoutes } from './realtime/events.routes.ts';
import { pushRewrite, pushSubscriptionRoutes } from './features/push/push-subscription.routes.ts';
import { registerServiceWorker } from './push/service-worker.route.ts';
import { requestLocale } from './http/request-context.ts';
import { buildOpenApi, withServer } from './http/openapi.ts';
import { requestOrigin } from './http/origin.ts';
import type { Services } from './services.ts';
import type { Brand } from '@datekit/runtime/schemas/brand';
import { SiteHandler } from './site/site-handler.ts';
import { registerBrandAvailability } from './brands/availability.ts';
import { OperatorSite } from './site/operator-site.ts';
import { isOperatorApi, isOperatorHost, isOperatorHostName } from './features/operator/operator-host.ts';
import { OPERATOR_ROUTES } from './features/operator/operator-routes.ts';
import { operatorOpenApi } from './features/operator/openapi.routes.ts';
import { MAX_UPLOAD_BYTES } from './media/process-photo.ts';
import { serveMedia } from './media/media-route.ts';
import { isAnyHostRoute } from './ops/any-host.ts';
import { registerHealthRoutes } from './ops/health.routes.ts';
import { createLogger, loggerOptions, registerRequestIdHeader } from './ops/logger.ts';
import { registerMetrics } from './ops/metrics.ts';
import { registerRateLimits } from './ops/rate-limits.ts';
import { registerSecurityHeaders } from './ops/security-headers.ts';
import { registerStreamShutdown } from './ops/shutdown.ts';
import { registerStaticFiles } from './site/static-files.ts';
import { attachMemberCache } from './features/users/member-cache.ts';

export const API_ROUTES: readonly AnyRouteSpec[] = [
  ...settingsRoutes,
  ...catalogRoutes,
  ...authRoutes,
  ...signupRoutes,
  ...memberRoutes,
  ...trackingRoutes,
  ...passwordResetRoutes,
  ...memberProfileRoutes,
  ...likeRoutes,
  ...blockRoutes,
  ...searchRoutes,
  ...photoRoutes,
  ...swipeRoutes,
  ...profileRoutes,
  ...geocodeRoutes,
  ...chatRoutes,
  ...chatExtraRoutes,
  ...chatLiveRoutes,
  ...eventRoutes,
  ...accountRoutes,
  ...paymentRoutes,
  ...directDebitRoutes,
  ...sandboxCheckoutRoutes,
  ...discountRoutes,
  ...unsubscribeRoutes,
  ...mailEventRoutes,
  ...pushSubscriptionRoutes,
  ...reportRoutes,
];

/** Every route `createApp` mounts through `mountRoute`: the brands' API, the operator API and its document. */
export const MOUNTED_ROUTES: readonly AnyRouteSpec[] = [...API_ROUTES, ...OPERATOR_ROUTES, operatorOpenApi];

/** The only endpoints that take url-encoded form fields. */
const FORM_ROUTES = [paymentWebhook.url, sandboxDecide.url, unsubscribe.url];

/** JSON bodies of the API are small; uploads get their own limit on their own routes. */
const BODY_LIMIT = 64 * 1024;

const OPERATOR_HOST = 'operator';

/** Hosts remembered by {@link hostResolver}: far more than the brands' domains, aliases and ports in use. */
const HOST_MEMO_SIZE = 1024;

/**
 * What a request's Host header names (the console's host, a brand, or nothing of ours), worked out
 * once per distinct header value. The Host comes from the client, so the memo stops growing when
 * full: a flood of made-up hosts costs the lookup, never memory.
 */
function hostResolver(services: Services): (host: string | undefined) => Brand | null | typeof OPERATOR_HOST {
  const memo = new Map<string, Brand | null | typeof OPERATOR_HOST>();
  const resolve = (host: string | undefined) =>
    isOperatorHostName(host, services.config) ? OPERATOR_HOST : services.brands.forHost(host);
  return (host) => {
    if (host === undefined) return resolve(host);
    let answer = memo.get(host);
    if (answer === undefined) {
      answer = resolve(host);
      if (memo.size < HOST_MEMO_SIZE) memo.set(host, answer);
    }
    return answer;
  };
}

/**
 * TRUST_PROXY as Fastify takes it. A hop count becomes the function proxy-addr makes of one (trust the
 * first n hops): Fastify accepts a number at run time, but its types do not.
 */
function fastifyTrustProxy(trust: Services['config']['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/**
 * The member cache hears every `memberChanged` of this process (through the database) and, on
 * PostgreSQL, of the other instances (through the event bus), and is used there only while the bus
 * listens: entries cached before its connection last opened are not used. `serve` swaps the bus in
 * after the app is made, so the cache follows whichever bus `services.events` holds when it is used.
 */
function registerMemberCache(app: FastifyInstance, services: Services): void {
  const cache = services.memberCache;
  let bus = services.events;
  let unsubscribe = bus.onMembersChanged((ids) => cache.forgetMembers(ids));
  cache.usableSince = () => {
    if (services.events !== bus) {
      unsubscribe();
      cache.clear();
      bus = services.events;
      unsubscribe = bus.onMembersChanged((ids) => cache.forgetMembers(ids));
    }
    if (services.engine === 'sqlite') return 0;
    const connection = bus.connection?.();
    return connection?.connected ? connection.since : undefined;
  };
  const detach = attachMemberCache(services.db, cache);
  app.addHook('onClose', async () => {
    unsubscribe();
    detach();
    cache.clear();
  });
}

/** One process for every brand: the Host picks the brand, `/api` is the JSON API, the rest is the built site. */
export function createApp(
  services: Services,
  options: { logStream?: NodeJS.WritableStream; checkResponses?: boolean } = {},
): FastifyInstance {
  const app = Fastify({
    // services.log, unless the caller reads this app's lines from a stream of its own.
    ...loggerOptions(
      services.config,
      options.logStream ? createLogger(services.config, options.logStream) : services.log,
    ),
    trustProxy: fastifyTrustProxy(services.config.trustProxy),
    bodyLimit: BODY_LIMIT,
    // Fastify parses JSON with prototype-poisoning protection; everything else is refused with 415.
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
    // The spec's push subscription address shares its path with the login (see pushRewrite).
    rewriteUrl: (request) => pushRewrite(request.url ?? '/'),
  });
  const site = new SiteHandler(services.config.distDir, services.brands.all(), services.landers, {
    secure: services.config.secureCookies,
  });
  // The lander visits of the last second are written before the database closes.
  app.addHook('onClose', async () => services.landers.visits.close());
  registerMemberCache(app, services);
  const operatorSite = new OperatorSite(services.config.distDir);

  // First: its onRoute hook gives every route added after it its own counts.
  registerMetrics(app, services);
  // Cookies are parsed by the host hook below (hook: false): the plugin's own hook would be one more
  // hook and a Map per request. Setting cookies (reply.setCookie) and writing them are the plugin's.
  void app.register(cookie, { hook: false });
  registerRequestIdHeader(app);
  registerSecurityHeaders(app, services.config, site.scriptHashes());
  registerBrandAvailability(app, services, site);
  registerStaticFiles(app, services.config.distDir);
  registerRateLimits(app, services);
  registerStreamShutdown(app, services);
  registerHealthRoutes(app, services);
  // Photo uploads are the raw image bytes; sharp decides whether they really are an image.
  app.addContentTypeParser(
    /^image\/(jpeg|png|webp|avif|heic|heif)$/,
    { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES },
    (_req, body, done) => done(null, body),
  );
  // Payment providers post their webhooks, and the sandbox checkout its form, as url-encoded fields;
  // every other endpoint takes JSON only.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (request, body, done) => {
    if (!FORM_ROUTES.some((path) => request.url.split('?')[0] === path)) {
      done(new ApiError('unsupported_media_type'), undefined);
      return;
    }
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  // RFC 8058 lets a mail client send its one-click unsubscribe as multipart/form-data; the route needs
  // nothing from the body (the token is in the URL), so it is read and dropped there, refused elsewhere.
  app.addContentTypeParser('multipart/form-data', { parseAs: 'string' }, (request, _body, done) => {
    if (request.url.split('?')[0] !== unsubscribe.url) {
      done(new ApiError('unsupported_media_type'), undefined);
      return;
    }
    done(null, {});
  });

  app.decorateRequest('brand', null);
  const apiErrors = createErrorHandler(services);
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    // Our own faults on page requests get the brand's error page; client errors keep their status and
    // the JSON body, as does everything under /api and any unknown host.
    const clientError = (error instanceof ApiError ? error.status : (error.statusCode ?? 500)) < 500;
    if (clientError || request.url.startsWith('/api/') || !request.brand) return apiErrors(error, request, reply);
    request.log.error({ err: error }, 'page request failed');
    const locale = requestLocale(request, request.brand);
    const text = {
      lang: locale,
      message: services.translate(locale, 'errors:error_page_failed'),
      home: services.translate(locale, 'errors:back_home'),
    };
    return site.serveError(request, reply, request.brand, text);
  });

  const hostOf = hostResolver(services);
  // A callback hook: an async one would cost a promise on every request.
  app.addHook('onRequest', (request, reply, done) => {
    const cookies = request.headers.cookie;
    request.cookies = cookies ? app.parseCookie(cookies) : {};
    const host = hostOf(request.headers.host);
    // The operator console's host serves the console and /api/operator/ only; brand hosts never serve
    // /api/operator/ (404, as for any path that does not exist there).
    if (host === OPERATOR_HOST) {
      request.brand = null;
      if (request.url.startsWith('/api/') && !isOperatorApi(request.url) && !isAnyHostRoute(request))
        return done(new ApiError('unknown_host'));
      return done();
    }
    if (isOperatorApi(request.url)) return done(new ApiError('not_found'));
    request.brand = host;
    if (request.brand || isAnyHostRoute(request)) return done();
    // An unknown host is not ours to answer for: a plain 404, never a crash or another brand's page.
    if (request.url.startsWith('/api/')) return done(new ApiError('unknown_host'));
    reply.code(404).type('text/plain; charset=utf-8').send('Unknown site');
  });

  for (const route of MOUNTED_ROUTES) mountRoute(app, services, route, { checkResponses: options.checkResponses });
  const openApi = buildOpenApi(API_ROUTES);
  app.get('/api/openapi.json', async (request) => withServer(openApi, requestOrigin(request)));
  app.get('/media/*', async (request, reply) => {
    // Members' media follow the photo rules of a brand; the console shows photos through its own API.
    if (!request.brand) throw new ApiError('not_found');
    return serveMedia(services, request, reply);
  });
  registerServiceWorker(app);

  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/api/')) throw new ApiError('not_found');
    if (request.method !== 'GET' && request.method !== 'HEAD') throw new ApiError('not_found');
    if (!request.brand && isOperatorHost(request, services.config)) return operatorSite.serve(request, reply);
    return site.serve(request, reply, request.brand!);
  });

  return app;
}
