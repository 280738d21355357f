import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, book } from '../features/credits/ledger.ts';
import { INLINE_SCRIPTS_FILE } from '../site/inline-scripts.ts';
import { helmetHeaders } from './security-headers.ts';
import { openEventStream } from '../test/event-stream.ts';
import type { TestClient } from '../test/http-client.ts';
import { pathOf, PRODUCTION_ENV, startTestServer, type TestServer, validSignup } from '../test/test-server.ts';

const METRICS_TOKEN = 'test-metrics-token-0123456789';
const ASSET = '/_astro/island.abc123.js';
const ASSET_SOURCE = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;
const INLINE_HASH = "'sha256-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='";

/** A built site for the fixture brands: a home page, a content-hashed asset with its .br and .gz, the script hashes. */
function fakeDist(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-ops-dist-'));
  for (const domain of ['alpha.test', 'beta.test', 'closed.test']) {
    const brandDir = path.join(dist, domain);
    for (const lang of ['en', 'nl']) {
      fs.mkdirSync(path.join(brandDir, lang), { recursive: true });
      fs.writeFileSync(path.join(brandDir, lang, 'index.html'), '<!doctype html><h1>home</h1>');
      fs.writeFileSync(path.join(brandDir, lang, '404.html'), '<!doctype html><h1>404</h1>');
    }
    fs.writeFileSync(
      path.join(brandDir, 'routes.json'),
      JSON.stringify({ languages: ['en', 'nl'], notFound: '404.html', routes: [{ path: '/', shell: 'index.html' }] }),
    );
    fs.writeFileSync(path.join(brandDir, INLINE_SCRIPTS_FILE), JSON.stringify({ script_hashes: [INLINE_HASH] }));
  }
  const asset = path.join(dist, ASSET);
  fs.mkdirSync(path.dirname(asset), { recursive: true });
  fs.writeFileSync(asset, ASSET_SOURCE);
  fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(ASSET_SOURCE));
  fs.writeFileSync(`${asset}.gz`, zlib.gzipSync(ASSET_SOURCE));
  return dist;
}

let server: TestServer;
let dist: string;
beforeAll(async () => {
  dist = fakeDist();
  server = await startTestServer({ distDir: dist, env: { METRICS_TOKEN } });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

let counter = 0;
async function member(credits = 0): Promise<{ id: number; browser: TestClient }> {
  const browser = server.client();
  const res = await browser.post<{ user: { profile: { id: number } } }>(
    '/api/signup.php',
    validSignup({ email: `ops-${++counter}@example.com` }),
  );
  await browser.get(pathOf(server.latestActivationLink()));
  const id = res.body.user.profile.id;
  const balance = await balanceOf(server.services.db, id);
  await book(server.services.db, { userId: id, amount: credits - balance, reason: 'grant', at: server.services.now() });
  return { id, browser };
}

describe('health checks', () => {
  it('answer on any host, including an address no brand has', async () => {
    for (const host of ['alpha.test', '10.0.0.7:4321', 'internal-probe']) {
      const health = await server.client(host).get('/healthz');
      expect(health.status).toBe(200);
      expect(health.body).toEqual({ status: 'ok' });
      const ready = await server.client(host).get('/readyz');
      expect(ready.status).toBe(200);
      expect(ready.body).toMatchObject({
        ready: true,
        checks: { database: true, migrations: true, dist: true },
        unbuilt: [],
      });
      expect(ready.headers['cache-control']).toBe('no-store');
    }
  });

  it('a brand not built yet is listed but keeps no other brand from being ready', async () => {
    const partial = fakeDist();
    fs.rmSync(path.join(partial, 'closed.test'), { recursive: true });
    const some = await startTestServer({ distDir: partial });
    try {
      const ready = await some.client('probe').get('/readyz');
      expect(ready.status).toBe(200);
      expect(ready.body).toMatchObject({ ready: true, unbuilt: ['closed.test'] });
    } finally {
      await some.close();
      fs.rmSync(partial, { recursive: true, force: true });
    }
  });

  it('readyz is 503 and says to build when no brand is built', async () => {
    const bare = await startTestServer();
    try {
      const ready = await bare.client('probe').get<{ ready: boolean; problems: string[] }>('/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body.ready).toBe(false);
      expect(ready.body.problems.join(' ')).toMatch(/no brand is built: run datekit build \(alpha\.test/);
      // An unknown host still gets no brand's API.
      expect((await bare.client('probe').get('/api/settings.php')).status).toBe(404);
    } finally {
      await bare.close();
    }
  });
});

describe('metrics', () => {
  it('are hidden without the token', async () => {
    expect((await server.client().get('/metrics')).status).toBe(404);
    const wrong = await server.client().get('/metrics', { headers: { authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(404);
    expect(wrong.text).not.toContain('datekit_');
  });

  it('count requests per route pattern, open streams, messages sent and credits spent', async () => {
    const [anna, ben] = [await member(20), await member()];
    await anna.browser.get('/api/member.php?id=999999');
    expect((await anna.browser.get('/')).status).toBe(200);
    const tab = await openEventStream(ben.browser);
    try {
      expect((await anna.browser.post('/api/message.php', { profile_id: ben.id, text: 'hi' })).status).toBe(201);
      await tab.next('message');
      const res = await server
        .client('monitoring.internal')
        .get('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      expect(res.text).toMatch(
        /datekit_http_requests_total\{method="POST",route="\/api\/message\.php",status="201"\} 1/,
      );
      // The route pattern, never the raw URL with its query.
      expect(res.text).toContain('route="/api/member.php"');
      expect(res.text).not.toContain('id=999999');
      expect(res.text).toMatch(
        /datekit_http_request_duration_seconds_count\{method="POST",route="\/api\/message\.php"\} 1/,
      );
      expect(res.text).toMatch(/datekit_open_event_streams 1\b/);
      expect(res.text).toMatch(/datekit_event_streams_opened_total 1\b/);
      expect(res.text).toMatch(/datekit_messages_sent_total\{kind="text"\} 1/);
      expect(res.text).toMatch(/datekit_credits_spent 10\b/);
      // Buckets are cumulative: the last one counts every answer.
      expect(res.text).toMatch(
        /datekit_http_request_duration_seconds_bucket\{method="POST",route="\/api\/message\.php",le="\+Inf"\} 1\n/,
      );
      // Pages, which have no route pattern, count as one route.
      expect(res.text).toMatch(/datekit_http_requests_total\{method="GET",route="site",status="200"\} [1-9]/);
      // The stream's hand-written answer carries the request id and the API's security headers too.
      expect(tab.headers['x-request-id']).toMatch(/^[\w-]{36}$/);
      expect(tab.headers['x-frame-options']).toBe('DENY');
      expect(tab.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    } finally {
      tab.close();
    }
  });
});

describe('metrics on their own port', () => {
  it('METRICS_PORT serves them on a separate listener, and the main port has none', async () => {
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as net.AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const separate = await startTestServer({ env: { METRICS_PORT: String(port) } });
    try {
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('datekit_open_event_streams 0');
      expect((await separate.client().get('/metrics')).text).not.toContain('datekit_');
    } finally {
      await separate.close();
    }
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });
});

describe('security headers and static files', () => {
  it('pages get a CSP allowing only the site and its hashed inline scripts, plus helmet defaults', async () => {
    const res = await server.client().get('/');
    expect(res.status).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain(`script-src 'self' ${INLINE_HASH}`);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // HSTS only in production, where every brand has TLS.
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it("pages, static files and the site's 404 carry helmet's whole set, worked out once", async () => {
    const expected = helmetHeaders({
      contentSecurityPolicy: false,
      hsts: false,
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    }).set;
    expect(Object.keys(expected).length).toBeGreaterThan(8);
    for (const url of ['/', ASSET, '/no-such-page', '/media/no-such-file.jpg']) {
      const res = await server.client().get(url);
      for (const [name, value] of Object.entries(expected)) expect(res.headers[name], `${name} on ${url}`).toBe(value);
      expect(String(res.headers['content-security-policy']), url).toContain(`script-src 'self' ${INLINE_HASH}`);
    }
  });

  it('API answers and API errors carry the REST set: no document CSP, no framing, no sniffing, not stored', async () => {
    for (const url of ['/api/settings.php', '/api/user.php', '/api/does-not-exist.php', '/api/member.php?id=x']) {
      const res = await server.client().get(url);
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      // settings.php may be kept by the browser, never by a shared cache, and is revalidated each time.
      const kept = url === '/api/settings.php' ? 'private, no-cache' : 'no-store';
      expect(res.headers['cache-control'], url).toBe(kept);
      // helmet's document headers are for pages only.
      for (const name of ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control'])
        expect(res.headers[name], `${name} on ${url}`).toBeUndefined();
    }
  });

  it('an API route that sets its own Cache-Control keeps it', async () => {
    const res = await server.client().get('/api/interests.php');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('an HTML page answered under /api/ gets the document set', async () => {
    const res = await server.client().get('/api/unsubscribe.php?token=unknown', { headers: { accept: 'text/html' } });
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(String(res.headers['content-security-policy'])).toContain(`script-src 'self' ${INLINE_HASH}`);
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('production adds HSTS to pages and API answers, and upgrade-insecure-requests to pages', async () => {
    const production = await startTestServer({ env: PRODUCTION_ENV });
    try {
      const api = await production.client().get('/api/settings.php');
      expect(api.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const page = await production.client().get('/no-such-page');
      expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(String(page.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    } finally {
      await production.close();
    }
  });

  it('hashed assets are immutable, carry an ETag and answer 304 to a revalidation', async () => {
    const browser = server.client();
    const res = await browser.get(ASSET);
    expect(res.status).toBe(200);
    expect(res.text).toBe(ASSET_SOURCE);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^(W\/)?"/);
    const again = await browser.get(ASSET, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
  });

  it('sends the precompressed brotli or gzip file by Accept-Encoding', async () => {
    const br = await server.client().get(ASSET, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.bytes).toString()).toBe(ASSET_SOURCE);
    const gz = await server.client().get(ASSET, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.bytes).toString()).toBe(ASSET_SOURCE);
    const plain = await server.client().get(ASSET, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(ASSET_SOURCE);
  });

  it('a missing asset is a plain 404, not a loop through the site handler', async () => {
    expect((await server.client().get('/_astro/missing.js')).status).toBe(404);
  });
});
