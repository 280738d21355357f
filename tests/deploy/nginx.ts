import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../e2e/e2e-env.ts';

/** The guide's nginx file (docs/deployment.md shows it): the stage runs it as written, but for SITE_SPECIFIC. */
export const GUIDE_NGINX = path.join(ROOT, 'deploy/nginx/datekit.conf');

export interface Site {
  /** Name of this copy's upstream (the guide's is `datekit`). */
  upstream: string;
  httpsPort: number;
  httpPort: number;
  /** The two `server` lines of the upstream, in the guide's order: `127.0.0.1:<port>`. */
  instances: [string, string];
  certificate: string;
  key: string;
}

/**
 * The only strings of the guide's file that differ on this machine, each replaced exactly where it
 * stands (a string the guide no longer has fails the stage, so this list cannot silently drift):
 * ports (unprivileged and random, so runs never collide), certificate paths (the run's test CA), the
 * host names (the demo brand `localhost` and the console's `operator.localhost`), the upstream's
 * addresses and name. `Host $host` becomes `Host $http_host`: on a port other than 443 the Host must
 * keep its port, because the servers build links (activation mail, Mollie's redirect and webhook)
 * from it; $host drops it. Every other directive (headers, buffering, timeouts, next_upstream) runs
 * as written.
 */
function siteSpecific(site: Site): [string, string][] {
  return [
    ['upstream datekit {', `upstream ${site.upstream} {`],
    ['proxy_pass http://datekit;', `proxy_pass http://${site.upstream};`],
    ['server 127.0.0.1:4321 max_fails=0;', `server ${site.instances[0]} max_fails=0;`],
    ['server 127.0.0.1:4322 max_fails=0;', `server ${site.instances[1]} max_fails=0;`],
    ['listen 443 ssl http2 backlog=4096;', `listen 127.0.0.1:${site.httpsPort} ssl http2 backlog=4096;`],
    ['listen 80;', `listen 127.0.0.1:${site.httpPort};`],
    ['server_name flirtnord.dk www.flirtnord.dk operator.flirtnord.dk;', 'server_name localhost operator.localhost;'],
    ['/etc/letsencrypt/live/flirtnord.dk/fullchain.pem', site.certificate],
    ['/etc/letsencrypt/live/flirtnord.dk/privkey.pem', site.key],
    ['proxy_set_header Host $host;', 'proxy_set_header Host $http_host;'],
  ];
}

/** The guide's file with this machine's values. Throws when a string to replace is not in the guide. */
export function renderSite(site: Site): string {
  let text = fs.readFileSync(GUIDE_NGINX, 'utf8');
  for (const [from, to] of siteSpecific(site)) {
    if (!text.includes(from))
      throw new Error(`${GUIDE_NGINX} no longer contains "${from}": update tests/deploy/nginx.ts`);
    text = text.split(from).join(to);
  }
  return text;
}

/** Debian's nginx binary (scripts/ensure-nginx.sh installs it). */
const NGINX = fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';

/**
 * Runs nginx in the foreground as a child of the test, with its own prefix directory (pid file,
 * logs, temporary files) and the given sites included in the http context. Resolves once it listens.
 */
export async function startNginx(dir: string, sites: Site[]): Promise<{ process: ChildProcess; errorLog: string }> {
  fs.mkdirSync(dir, { recursive: true });
  // The worker processes may run as another user (nobody, when the test runs as root): they write
  // bodies and large answers to these folders.
  fs.chmodSync(dir, 0o755);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => {
    const folder = path.join(dir, `${name}_temp`);
    fs.mkdirSync(folder, { recursive: true });
    fs.chmodSync(folder, 0o777);
    return folder;
  });
  const includes = sites.map((site) => {
    const file = path.join(dir, `${site.upstream}.conf`);
    fs.writeFileSync(file, renderSite(site));
    return `    include ${file};`;
  });
  const errorLog = path.join(dir, 'error.log');
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(
    conf,
    [
      'worker_processes 1;',
      `pid ${path.join(dir, 'nginx.pid')};`,
      `error_log ${errorLog} notice;`,
      'events { worker_connections 1024; }',
      'http {',
      `    access_log ${path.join(dir, 'access.log')};`,
      `    client_body_temp_path ${temp[0]};`,
      `    proxy_temp_path ${temp[1]};`,
      `    fastcgi_temp_path ${temp[2]};`,
      `    uwsgi_temp_path ${temp[3]};`,
      `    scgi_temp_path ${temp[4]};`,
      ...includes,
      '}',
      '',
    ].join('\n'),
  );
  const child = spawn(NGINX, ['-p', dir, '-e', errorLog, '-c', conf, '-g', 'daemon off;'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) =>
      reject(new Error(`nginx exited (${code}): ${fs.existsSync(errorLog) ? fs.readFileSync(errorLog, 'utf8') : ''}`)),
    ),
  );
  // nginx writes "start worker processes" to its error log (level notice) once it listens.
  await Promise.race([
    exited,
    waitFor(
      () => fs.existsSync(errorLog) && /start worker process/.test(fs.readFileSync(errorLog, 'utf8')),
      15_000,
      'nginx to start',
    ),
  ]);
  return { process: child, errorLog };
}

/** Polls `ready` until it holds (a state, not a sleep); throws naming `what` after `timeoutMs`. */
export async function waitFor(ready: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
