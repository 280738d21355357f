/**
 * A local HTTPS reverse proxy speaking HTTP/2, for benches that should see the protocol a deployment
 * serves (docs/deployment.md: Caddy or nginx in front, HTTP/2). Without it a browser reaches the local
 * server over plain HTTP/1.1, with at most six connections per host, and Lighthouse simulates a phone
 * on that: a page's many small chunks then wait for one another in a way no deployed site does.
 * The certificate is self-signed (made with openssl on each start): the browser must be told to
 * ignore certificate errors.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface H2Proxy {
  baseUrl: string;
  stop: () => Promise<void>;
}

/** Hop-by-hop headers HTTP/2 forbids. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);

export async function startH2Proxy(target: string): Promise<H2Proxy> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'datekit-h2-'));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
    ],
    { stdio: 'ignore' },
  );
  const upstream = new URL(target);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const server = http2.createSecureServer({ key: readFileSync(key), cert: readFileSync(cert), allowHTTP1: true });
  server.on('request', (req: http2.Http2ServerRequest, res: http2.Http2ServerResponse) => {
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (!name.startsWith(':') && !HOP_BY_HOP.has(name)) headers[name] = value;
    }
    headers.host = upstream.host;
    const forward = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers, agent },
      (answer) => {
        const out: http.OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          if (!HOP_BY_HOP.has(name) && value !== undefined) out[name] = value;
        }
        res.writeHead(answer.statusCode ?? 502, out);
        answer.pipe(res);
      },
    );
    forward.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `https://localhost:${port}`,
    stop: async () => {
      // Event streams stay open: close them rather than wait.
      server.close();
      agent.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
