/**
 * Member search latency over 100,000 seeded members on SQLite (issue target: p95 under 50 ms).
 * Seeds a temporary database, serves it, and times GET /api/members.php over real HTTP with a mix of
 * filters, as a visitor and as a logged-in member (whose search also excludes blocked members).
 * Usage: npx tsx bench/search.ts [members] [requests]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { createApp, insertMember, loadConfig, migrateToLatest } from '@datekit/server';
import { COUNTRIES } from '@datekit/runtime/data/countries';
import { regionsOf } from '@datekit/runtime/data/regions';
import { openServices } from '../packages/cli/src/server-context.ts';

const MEMBERS = Number(process.argv[2] ?? 100_000);
const REQUESTS = Number(process.argv[3] ?? 400);
const TARGET_P95_MS = 50;
const BRAND = 'localhost';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-search-bench-'));
const services = await openServices(loadConfig({ DATEKIT_VAR_DIR: dir }));
await migrateToLatest(services.db);
const brand = services.brands.get(BRAND)!;

// Deterministic population spread over the brand's countries, regions, genders and ages.
let seed = 42;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
const year = new Date().getUTCFullYear();
const started = performance.now();
const BATCH = 2_000;
for (let done = 0; done < MEMBERS; done += BATCH) {
  await services.db.transaction().execute(async (trx) => {
    for (let i = done; i < Math.min(MEMBERS, done + BATCH); i++) {
      const country = pick(brand.countries);
      const region = pick(regionsOf(country)).id;
      const id = await insertMember(trx, {
        brand: BRAND,
        email: `bench-${i}@members.invalid`,
        passwordHash: null,
        status: 'active',
        language: COUNTRIES[country].languages[0],
        createdAt: Date.now() - i * 60_000,
        acceptedTermsAt: null,
        profile: {
          name: `Member ${i}`,
          gender: random() < 0.55 ? 'female' : 'male',
          birth_date: `${year - 18 - Math.floor(random() * 60)}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-15`,
          country,
          status: random() < 0.95 ? 'active' : 'disabled',
        },
      });
      if (random() < 0.03)
        await trx.updateTable('profiles').set({ invisible: 1, region }).where('id', '=', id).execute();
      else await trx.updateTable('profiles').set({ region }).where('id', '=', id).execute();
    }
  });
}
console.log(`Seeded ${MEMBERS.toLocaleString('en')} members in ${((performance.now() - started) / 1000).toFixed(1)} s`);

const app = createApp(services);
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const headers = { host: BRAND, 'x-client-request': '1' };

// A member who searches (and has blocked a few people, so the exclusion is exercised).
const signup = await fetch(`${base}/api/user.php`, { headers });
void signup;
const demo = await services.db.selectFrom('users').select('id').orderBy('id').limit(5).execute();
const login = await (async () => {
  const { seedDemoMembers } = await import('@datekit/server');
  await seedDemoMembers(services, brand, 1);
  const res = await fetch(`${base}/api/user.php`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@datekit.test', password: 'datekit-demo' }),
  });
  return res.headers.get('set-cookie')!.split(';')[0]!;
})();
const me = (await (await fetch(`${base}/api/user.php`, { headers: { ...headers, cookie: login } })).json()) as {
  user: { profile: { id: number } };
};
for (const { id } of demo) {
  await services.db
    .insertInto('blocks')
    .values({ blocker_id: me.user.profile.id, blocked_id: id, created_at: Date.now() })
    .execute();
}

const queries = [
  '',
  'gender=male',
  'gender=any',
  'country=NL',
  'country=BE&gender=female&min_age=25&max_age=35',
  'country=NL&countryregion=NL-NH',
  'min_age=60&max_age=99',
  'page=20',
  'gender=female&min_age=18&max_age=25&page=3',
];

async function time(label: string, cookie?: string): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const query = queries[i % queries.length]!;
    const t0 = performance.now();
    const res = await fetch(`${base}/api/members.php?${query}`, { headers: cookie ? { ...headers, cookie } : headers });
    await res.arrayBuffer();
    samples.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`${label} ${query}: HTTP ${res.status}`);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
  console.log(
    `${label.padEnd(8)} ${REQUESTS} requests   p50 ${at(0.5).toFixed(1)} ms   p95 ${at(0.95).toFixed(1)} ms   p99 ${at(0.99).toFixed(1)} ms`,
  );
  return samples;
}

console.log(
  `GET /api/members.php over ${MEMBERS.toLocaleString('en')} members (SQLite, ${queries.length} filter mixes, sequential)`,
);
const visitor = await time('visitor');
const member = await time('member', login);
await app.close();
await services.db.destroy();
fs.rmSync(dir, { recursive: true, force: true });

const p95 = Math.max(visitor[Math.floor(0.95 * visitor.length)]!, member[Math.floor(0.95 * member.length)]!);
console.log(
  p95 < TARGET_P95_MS
    ? `OK: p95 ${p95.toFixed(1)} ms < ${TARGET_P95_MS} ms`
    : `TOO SLOW: p95 ${p95.toFixed(1)} ms ≥ ${TARGET_P95_MS} ms`,
);
process.exitCode = p95 < TARGET_P95_MS ? 0 : 1;
