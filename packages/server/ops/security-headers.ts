import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ServerConfig } from '../config.ts';
import { readInlineScripts } from '../site/built-site.ts';
import { INLINE_SCRIPTS_FILE } from '../site/inline-scripts.ts';
import { OPERATOR_DIST } from '../site/operator-site.ts';

/** HSTS in production: a year, subdomains included (every brand is served over TLS there). */
const HSTS_MAX_AGE_S = 365 * 24 * 3600;

/**
 * The hashes of the inline scripts of every served brand (read with its build, site/built-site.ts)
 * and of the operator console. A damaged console build costs the console its inline scripts (the
 * CSP refuses them; `onProblem` says why), never the brands' start.
 */
export function builtScriptHashes(
  distDir: string,
  brandHashes: readonly string[],
  onProblem: (file: string, problem: string) => void,
): string[] {
  const hashes = new Set(brandHashes);
  // The operator console (dist/_operator) is built by the same run and served by the same process.
  const operatorFile = path.join(distDir, OPERATOR_DIST, INLINE_SCRIPTS_FILE);
  if (fs.existsSync(operatorFile)) {
    const scripts = readInlineScripts(operatorFile);
    if ('problem' in scripts) onProblem(path.relative(distDir, operatorFile), scripts.problem);
    else scripts.value.script_hashes.forEach((hash) => hashes.add(hash));
  }
  return [...hashes].sort();
}

/**
 * The Content-Security-Policy: scripts only from the site itself and the built pages' own inline
 * scripts (by hash), no plugins, no framing, forms and API calls to the site only. Styles allow
 * inline: Astro's scoped styles and React's style attributes, which cannot carry a script.
 */
export function contentSecurityPolicy(config: ServerConfig, scriptHashes: readonly string[]) {
  const cdn = config.cdnPrefix ? [new URL(config.cdnPrefix, 'https://cdn.invalid').origin] : [];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes, ...cdn],
    'style-src': ["'self'", "'unsafe-inline'", ...cdn],
    'img-src': ["'self'", 'data:', 'blob:', ...cdn],
    'font-src': ["'self'", 'data:', ...cdn],
    'connect-src': ["'self'"],
    'media-src': ["'self'", 'blob:'],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(config.production ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** The headers helmet writes, and the ones it removes (`X-Powered-By`), worked out once. */
interface HelmetHeaders {
  set: Record<string, string>;
  removed: string[];
}

/**
 * Runs helmet's middleware once against a recording response. None of these headers depends on the
 * request (no nonces: inline scripts are allowed by hash), so every answer can carry the same values
 * instead of helmet parsing its options again on each request, as `@fastify/helmet` does.
 */
export function helmetHeaders(options: HelmetOptions): HelmetHeaders {
  const headers: HelmetHeaders = { set: {}, removed: [] };
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers.set[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => headers.removed.push(name.toLowerCase()),
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * The OWASP REST Security Cheat Sheet's set for an API answer (JSON, or the event stream): nothing in
 * it is ever rendered as a document, so helmet's document headers (a CSP listing script hashes, COOP,
 * Origin-Agent-Cluster, X-DNS-Prefetch-Control, X-Download-Options, …) would only cost bytes and time on
 * every call. What is left stops the answer being framed, sniffed into something executable, cached by
 * a shared cache, or read by another site. `Cache-Control: no-store` is the default only: a route that
 * sets its own Cache-Control replaces it (Fastify's headers win over the raw response's).
 */
export function apiHeaders(config: ServerConfig, referrerPolicy: string): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': referrerPolicy,
    // The API is only ever called by the site itself, never loaded from a CDN.
    'cross-origin-resource-policy': 'same-origin',
    'cache-control': 'no-store',
    ...(config.production ? { 'strict-transport-security': `max-age=${HSTS_MAX_AGE_S}; includeSubDomains` } : {}),
  };
}

/** An API answer: anything under /api/ (the *.php JSON routes, the event stream, the OpenAPI document). */
export const isApiUrl = (url: string) => url.startsWith('/api/');

type Headers = Readonly<Record<string, string>>;
const documentHeadersByApp = new WeakMap<FastifyInstance, Headers>();

/**
 * For the few /api/ routes that answer an HTML page (one-click unsubscribe, the sandbox checkout):
 * the page gets the document set, as the site's pages do, over the API set.
 */
export function useDocumentHeaders(reply: FastifyReply): void {
  const headers = documentHeadersByApp.get(reply.server);
  if (headers) reply.headers(headers);
}

/**
 * Security headers on every answer, both sets worked out once at start-up. Pages, static files,
 * media and everything else outside /api/ get helmet's whole set: the CSP above, HSTS in production,
 * no framing, no MIME sniffing, a strict referrer policy and helmet's other defaults. API answers get
 * the REST set ({@link apiHeaders}).
 *
 * They go into Fastify's headers of the reply, which Node writes in one `writeHead`: setting them on
 * the raw response instead costs Node's progressive-header bookkeeping (a second header table, merged
 * at `writeHead`) on every answer. A route that hijacks its reply (the event stream) writes
 * `reply.getHeaders()` itself. helmet's one removal, `X-Powered-By`, is a header Fastify never sets.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  config: ServerConfig,
  brandScriptHashes: readonly string[],
): void {
  const referrerPolicy = 'strict-origin-when-cross-origin';
  const { set } = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy(
        config,
        builtScriptHashes(config.distDir, brandScriptHashes, (file, problem) =>
          app.log.warn({ file, problem }, 'operator console build damaged: its inline scripts are refused'),
        ),
      ),
    },
    hsts: config.production ? { maxAge: HSTS_MAX_AGE_S, includeSubDomains: true } : false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: referrerPolicy },
    // Assets fetched from a CDN are a cross-origin load of this server's files.
    crossOriginResourcePolicy: { policy: config.cdnPrefix ? 'cross-origin' : 'same-origin' },
  });
  const documentSet: Headers = Object.freeze({ ...set });
  const apiSet: Headers = Object.freeze(apiHeaders(config, referrerPolicy));
  documentHeadersByApp.set(app, documentSet);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiUrl(request.url) ? apiSet : documentSet);
    done();
  });
}
