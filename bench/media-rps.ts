/**
 * What checking the photo rules on every `/media/*` request costs: a seeded avatar's thumbnail served
 * by datekit (session lookup, file lookup, rules) to a visitor and to a logged-in member, beside the
 * same file streamed with no check by the same app and by a bare Fastify route, same run, autocannon on
 * 127.0.0.1.
 * Usage: npx tsx bench/media-rps.ts [seconds]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { createApp, DEMO_ACCOUNT, loadConfig, migrateToLatest, seedDemoMembers } from '@datekit/server';
import { openServices } from '../packages/cli/src/server-context.ts';

const seconds = Number(process.argv[2] ?? 6);
const connections = 20;

async function measure(label: string, url: string, headers: Record<string, string>): Promise<number> {
  await autocannon({ url, connections, duration: 1, headers });
  const result = await autocannon({ url, connections, duration: seconds, headers });
  const rps = result.requests.average;
  const failed = result.non2xx + result.errors;
  console.log(
    `${label.padEnd(34)} ${rps.toFixed(0).padStart(7)} req/s   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms${failed ? `   (${failed} failed!)` : ''}`,
  );
  return rps;
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-bench-'));
const services = await openServices(loadConfig({ DATEKIT_VAR_DIR: dir }));
await migrateToLatest(services.db);
const brand = services.brands.forHost('localhost')!;
await seedDemoMembers(services, brand, 12);
const photo = await services.db
  .selectFrom('photos')
  .select('thumb_filename')
  .where('is_main', '=', 1)
  .executeTakeFirstOrThrow();
const file = path.join(services.config.mediaDir, photo.thumb_filename);

const app = createApp(services);
// The same app and hooks, streaming the same file without looking anything up: isolates the check.
app.get('/bench-unchecked', async (_request, reply) => {
  const stat = await fs.promises.stat(file);
  return reply.header('content-length', stat.size).type('image/webp').send(fs.createReadStream(file));
});
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const login = await fetch(`${base}/api/user.php`, {
  method: 'POST',
  headers: { host: 'localhost', 'content-type': 'application/json', 'x-client-request': '1' },
  body: JSON.stringify({ email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password }),
});
const cookie = login.headers
  .getSetCookie()
  .map((c) => c.split(';')[0])
  .join('; ');
if (!login.ok || !cookie) throw new Error(`demo login failed: ${login.status}`);

const bare = Fastify();
bare.get('/file', async (_request, reply) => {
  const stat = await fs.promises.stat(file);
  return reply.header('content-length', stat.size).type('image/webp').send(fs.createReadStream(file));
});
await bare.listen({ port: 0, host: '127.0.0.1' });

console.log(
  `autocannon, ${connections} connections, ${seconds} s each, ${fs.statSync(file).size} B thumbnail, Node ${process.version}, ${os.cpus().length} cores, SQLite`,
);
const unchecked = await measure(
  'bare Fastify, same file, no check',
  `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}/file`,
  {},
);
const sameApp = await measure('datekit app, same file, no check', `${base}/bench-unchecked`, { host: 'localhost' });
const visitor = await measure('/media thumbnail, visitor', `${base}/media/${photo.thumb_filename}`, {
  host: 'localhost',
});
const member = await measure('/media thumbnail, member (cookie)', `${base}/media/${photo.thumb_filename}`, {
  host: 'localhost',
  cookie,
});
console.log(
  `checked serving runs at ${((visitor / sameApp) * 100).toFixed(0)}% (visitor) and ${((member / sameApp) * 100).toFixed(0)}% (member) of the same app without the check (${((member / unchecked) * 100).toFixed(0)}% of bare Fastify)`,
);

await bare.close();
await app.close();
await services.db.destroy();
fs.rmSync(dir, { recursive: true, force: true });
