import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { Brand } from '@datekit/runtime';
import type { ServerConfig } from '../config.ts';
import { INLINE_SCRIPTS_FILE, inlineScriptHashes, type InlineScripts } from '../site/inline-scripts.ts';

/** HSTS in production: a year, subdomains included (every brand is served over TLS there). */
const HSTS_MAX_AGE_S = 365 * 24 * 3600;

/**
 * The hashes of every built brand's inline scripts: from the file the build writes beside routes.json,
 * or, for a build made before that file existed, from the pages themselves.
 */
export function builtScriptHashes(distDir: string, brands: readonly Brand[]): string[] {
  const hashes = new Set<string>();
  for (const brand of brands) {
    const brandDir = path.join(distDir, brand.domain);
    if (!fs.existsSync(path.join(brandDir, 'routes.json'))) continue;
    const file = path.join(brandDir, INLINE_SCRIPTS_FILE);
    if (fs.existsSync(file)) {
      const { script_hashes } = JSON.parse(fs.readFileSync(file, 'utf8')) as InlineScripts;
      script_hashes.forEach((hash) => hashes.add(hash));
      continue;
    }
    for (const entry of fs.readdirSync(brandDir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
      const html = fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
      inlineScriptHashes(html).forEach((hash) => hashes.add(hash));
    }
  }
  // The operator console (dist/_operator) is built by the same run and served by the same process.
  const operatorFile = path.join(distDir, '_operator', INLINE_SCRIPTS_FILE);
  if (fs.existsSync(operatorFile)) {
    const { script_hashes } = JSON.parse(fs.readFileSync(operatorFile, 'utf8')) as InlineScripts;
    script_hashes.forEach((hash) => hashes.add(hash));
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
 * Security headers on every answer, by helmet: the CSP above, HSTS in production, no framing, no MIME
 * sniffing, a strict referrer policy and helmet's other defaults.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: ServerConfig, brands: readonly Brand[]): void {
  const { set, removed } = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy(config, builtScriptHashes(config.distDir, brands)),
    },
    hsts: config.production ? { maxAge: HSTS_MAX_AGE_S, includeSubDomains: true } : false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Assets fetched from a CDN are a cross-origin load of this server's files.
    crossOriginResourcePolicy: { policy: config.cdnPrefix ? 'cross-origin' : 'same-origin' },
  });
  const entries = Object.entries(set);
  // On the raw response, as helmet itself does, so that streamed and hijacked answers carry them too.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of entries) reply.raw.setHeader(name, value);
    for (const name of removed) reply.raw.removeHeader(name);
    done();
  });
}
