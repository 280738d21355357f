import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_PAGE_SHELL } from '@datekit/runtime/routes';
import { withCtaLinks } from '@datekit/runtime/rules/lander-links';
import { shellParam } from '@datekit/runtime/rules/route-shells';
import type { Brand } from '@datekit/runtime/schemas/brand';
import { trackingFromSearch } from '@datekit/runtime/rules/tracking';
import { requestLocale, SESSION_COOKIE } from '../http/request-context.ts';
import { ARM_COOKIE_DAYS, armCookieName, armPath, assignArm } from '../features/experiments/assign-arm.ts';
import {
  encodeAttribution,
  LANDER_COOKIE,
  landerOfRoute,
  type LanderAttribution,
} from '../features/landers/lander-attribution.ts';
import type { LanderTraffic } from '../features/landers/lander-traffic.ts';
import { encodePage, pageEncoding, readPage } from './page-body.ts';
import { type BuiltSite, loadBuiltSite } from './built-site.ts';
import { matchRoute, type CompiledRoute } from './route-matcher.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.woff2': 'font/woff2',
};

export interface ErrorPageText {
  lang: string;
  message: string;
  home: string;
}

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A page of plain HTML that needs no build output: a heading and what follows it (already escaped). */
function plainPage(lang: string, message: string, body = ''): string {
  return `<!doctype html><html lang="${escape(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(message)}</title></head><body style="font-family:sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem"><h1>${escape(message)}</h1>${body}</body></html>`;
}

/** The last resort when the error page itself failed: plain HTML, no build output needed. */
export function errorPageFallback(text: ErrorPageText, details: string): string {
  return plainPage(
    text.lang,
    text.message,
    `<pre style="white-space:pre-wrap">${escape(details)}</pre><p><a href="/">${escape(text.home)}</a></p>`,
  );
}

/** What the hosts of a brand out of service answer (brands/availability.ts): its build may be what is broken. */
export function unavailablePage(lang: string, message: string): string {
  return plainPage(lang, message);
}

/** A brand whose build the server cannot serve, and why (see {@link loadBuiltSite}). */
export interface DamagedBuild {
  domain: string;
  /** Relative to the dist directory. */
  file: string;
  problem: string;
}

/**
 * Serves the prerendered sites: the language directory from the cookie (spec §9), then the page for
 * the path through the brand's routes manifest, else its 404 page with status 404.
 */
export class SiteHandler {
  private readonly sites = new Map<string, BuiltSite>();
  /** Builds that cannot be served; their brands answer 503 (brands/availability.ts), the others are served. */
  readonly damaged: DamagedBuild[] = [];

  private readonly distDir: string;
  private readonly traffic: LanderTraffic | undefined;
  private readonly cookieOptions: { secure: boolean };

  /**
   * `traffic`: lander visits are counted and experiment paths answered (the app passes it; a
   * handler without it serves the build as it is).
   */
  constructor(
    distDir: string,
    brands: readonly Brand[],
    traffic?: LanderTraffic,
    cookieOptions: { secure: boolean } = { secure: false },
  ) {
    this.distDir = distDir;
    this.traffic = traffic;
    this.cookieOptions = cookieOptions;
    for (const brand of brands) {
      const build = loadBuiltSite(distDir, brand.domain);
      if (build.state === 'built') this.sites.set(brand.domain, build.site);
      else if (build.state === 'damaged')
        this.damaged.push({ domain: brand.domain, file: build.file, problem: build.problem });
    }
  }

  /** The CSP sources of every served brand's inline scripts. */
  scriptHashes(): string[] {
    return [...new Set([...this.sites.values()].flatMap((site) => site.scriptHashes))];
  }

  isBuilt(domain: string): boolean {
    return this.sites.has(domain);
  }

  builtDomains(): string[] {
    return [...this.sites.keys()];
  }

  async serve(request: FastifyRequest, reply: FastifyReply, brand: Brand): Promise<FastifyReply> {
    const site = this.sites.get(brand.domain);
    if (!site)
      return reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .send(`${brand.domain} has not been built yet: run datekit build.`);
    const pathname = decodePath(request.url);
    if (pathname === null)
      return this.sendPage(request, reply, site, this.language(request, brand, site), site.manifest.notFound, 404);
    const lang = this.language(request, brand, site);

    if (pathname.startsWith('/_astro/'))
      return this.sendFile(reply, path.join(this.distDir, pathname), 'public, max-age=31536000, immutable');
    if (path.posix.extname(pathname)) {
      const file = path.join(site.root, lang, pathname);
      if (fs.existsSync(file)) return this.sendFile(reply, file, 'public, max-age=3600');
      return this.sendPage(request, reply, site, lang, site.manifest.notFound, 404);
    }
    // An experiment's path answers with its visitor's arm: the arm's prerendered lander, no redirect.
    const experiment = this.traffic ? await this.experimentArm(request, reply, brand, pathname) : null;
    const match = matchRoute(site.routes, experiment?.path ?? pathname);
    if (!match) return this.sendPage(request, reply, site, lang, site.manifest.notFound, 404);
    if (match.route.auth && !request.cookies[SESSION_COOKIE]) {
      return reply.redirect(`/login?redirect=${encodeURIComponent(pathname)}`, 302);
    }
    // A dynamic route may have pages prerendered for some parameter values (a lander per niche slug);
    // those win over the route's generic shell.
    const page = prerenderedPage(match.route, match.params);
    const shell = page && fs.existsSync(path.join(site.root, lang, page)) ? page : match.route.shell;
    // Lander calls to action keep the visitor's tracking parameters without JavaScript too.
    const query = request.url.indexOf('?');
    const search = query === -1 ? '' : request.url.slice(query);
    const lander = landerOfRoute(match.route.name, match.params);
    if (lander && this.traffic) {
      if (experiment) Object.assign(lander, { experimentId: experiment.id, arm: experiment.arm });
      this.countVisit(request, reply, brand, lander, search);
    }
    const rewrite =
      match.route.layout === 'lander' ? (html: string) => withCtaLinks(html, pathname, search) : undefined;
    return this.sendPage(request, reply, site, lang, shell, 200, rewrite);
  }

  /** The visitor's arm on an experiment path (sticky through its cookie), or null for other paths. */
  private async experimentArm(request: FastifyRequest, reply: FastifyReply, brand: Brand, pathname: string) {
    // `/go/summer/` is the same page as `/go/summer`, as for the manifest's routes.
    const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
    const live = await this.traffic!.experiments.lookup(brand.domain, path);
    if (!live) return null;
    const cookie = armCookieName(live.id);
    const arm = assignArm(live, request.cookies[cookie], visitorKey(request));
    // Only a running experiment keeps visitors on an arm and counts them as its own.
    if (live.status !== 'running') return { path: armPath(arm), id: 0, arm: '' };
    if (request.cookies[cookie] !== arm.arm)
      reply.setCookie(cookie, arm.arm, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: this.cookieOptions.secure,
        maxAge: ARM_COOKIE_DAYS * 86_400,
      });
    return { path: armPath(arm), id: live.id, arm: arm.arm };
  }

  /**
   * Counts a lander page sent (not a HEAD request, nor a prefetch) and remembers the lander for the
   * signup in the session cookie `dk_lander` (features/landers/lander-attribution.ts).
   */
  private countVisit(
    request: FastifyRequest,
    reply: FastifyReply,
    brand: Brand,
    lander: LanderAttribution,
    search: string,
  ) {
    if (request.method !== 'GET' || request.headers['sec-purpose']?.includes('prefetch')) return;
    const tracking = trackingFromSearch(search);
    this.traffic!.visits.record({
      brand: brand.domain,
      variant: lander.variant,
      niche: lander.niche,
      experiment_id: lander.experimentId,
      arm: lander.arm,
      network: tracking.network ?? '',
      sub1: tracking.sub1 ?? '',
    });
    const value = encodeAttribution(lander);
    if (request.cookies[LANDER_COOKIE] !== value)
      reply.setCookie(LANDER_COOKIE, value, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: this.cookieOptions.secure,
      });
  }

  /**
   * The brand's error page for a failed page request (spec §8: status default 500). When even that
   * page cannot be sent, a bare page says so, with the details and a link home.
   */
  async serveError(request: FastifyRequest, reply: FastifyReply, brand: Brand, fallback: ErrorPageText, status = 500) {
    const site = this.sites.get(brand.domain);
    try {
      if (!site) throw new Error(`${brand.domain} has not been built`);
      return await this.sendPage(request, reply, site, this.language(request, brand, site), ERROR_PAGE_SHELL, status);
    } catch (error) {
      // Details for support, without file paths or messages that would tell an attacker about the server.
      request.log.error({ err: error }, 'error page failed');
      const code = (error as NodeJS.ErrnoException | undefined)?.code ?? 'error';
      const details = `${status} · ${code} · ${request.id}`;
      return reply
        .code(status)
        .header('cache-control', 'no-store')
        .type(CONTENT_TYPES['.html']!)
        .send(errorPageFallback(fallback, details));
    }
  }

  private language(request: FastifyRequest, brand: Brand, site: BuiltSite): string {
    const wanted = requestLocale(request, brand);
    return site.manifest.languages.includes(wanted) ? wanted : (site.manifest.languages[0] ?? 'en');
  }

  private async sendPage(
    request: FastifyRequest,
    reply: FastifyReply,
    site: BuiltSite,
    lang: string,
    shell: string,
    status: number,
    rewrite?: (html: string) => string,
  ) {
    const file = path.join(site.root, lang, shell);
    const encoding = pageEncoding(request.headers['accept-encoding']);
    const body = rewrite
      ? await encodePage(rewrite(await fs.promises.readFile(file, 'utf8')), encoding)
      : await readPage(file, encoding);
    if (body.encoding) reply.header('content-encoding', body.encoding);
    // The same URL answers in the cookie's language and the browser's encoding, so shared caches must
    // keep both apart.
    return reply
      .code(status)
      .header('cache-control', 'no-cache')
      .header('vary', 'Cookie, Accept-Encoding')
      .type(CONTENT_TYPES['.html']!)
      .send(body.bytes);
  }

  /**
   * A static file through @fastify/static (registered by `registerStaticFiles`): ETag and
   * Last-Modified with 304 answers, and the build's `.br` / `.gz` variant when the client accepts it.
   */
  private async sendFile(reply: FastifyReply, file: string, cacheControl: string) {
    const stat = await fs.promises.stat(file).catch(() => null);
    if (!stat?.isFile()) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    const type = CONTENT_TYPES[path.extname(file)];
    if (type) reply.type(type);
    // Caches keep the brotli, gzip and plain copies apart.
    return reply
      .header('cache-control', cacheControl)
      .header('vary', 'Accept-Encoding')
      .sendFile(path.basename(file), path.dirname(file), { cacheControl: false });
  }
}

/**
 * The page prerendered for these parameter values, when the route has constrained parameters: the
 * constrained ones by value, the others as their shell (`/members/7/landing2/gay` ->
 * `members/_id/landing2/gay/index.html`). Null for routes without constrained parameters.
 */
function prerenderedPage(route: CompiledRoute, params: Record<string, string>): string | null {
  const constrained = Object.keys(route.params ?? {}).filter((name) => params[name] !== undefined);
  if (constrained.length === 0) return null;
  const segments = route.path
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^\{(\w+)\??\}$/.exec(segment)?.[1];
      if (!param) return [segment];
      const value = params[param];
      if (value === undefined) return [];
      return [constrained.includes(param) ? value : shellParam(param)];
    });
  return `${segments.join('/')}/index.html`;
}

/**
 * Who a visitor is for the hash that picks an arm when they bring no cookie: their address and
 * browser, so that the same browser on the same connection gets the same arm.
 */
function visitorKey(request: FastifyRequest): string {
  return `${request.ip}|${request.headers['user-agent'] ?? ''}|${request.headers['accept-language'] ?? ''}`;
}

/** The URL's path, decoded; null when it is malformed or climbs out of the site (`..`). */
export function decodePath(url: string): string | null {
  try {
    const pathname = decodeURIComponent(url.split('?')[0]!.split('#')[0]!);
    if (pathname.includes('\0') || pathname.split('/').includes('..')) return null;
    return path.posix.normalize(pathname);
  } catch {
    return null;
  }
}
