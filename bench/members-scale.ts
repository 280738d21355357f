/**
 * A million members (issue 13): MEMBERS members and MESSAGES messages (defaults 1,000,000 and
 * 10,000,000) generated in bulk with INSERT … SELECT over a number series (a recursive CTE on SQLite,
 * generate_series on PostgreSQL) into a scratch database (a temporary SQLite file, or a fresh schema of
 * DATABASE_URL, dropped afterwards); then p95 of search, likes list, chat list, one conversation's
 * messages and member profile, each through the real API handlers (app.inject: routing, auth,
 * validation, serialisation) as randomly chosen logged-in members. Goal: p95 under 20 ms each.
 * Usage: [DATABASE_URL=postgres://…] npx tsx bench/members-scale.ts [--members N] [--messages N] [--requests N]
 *   [--keep] [--reuse <schema or directory>]
 *   --keep   leaves the generated data (PostgreSQL schema or SQLite directory) and prints its name;
 *   --reuse  measures again on data a --keep run left (generating 10M messages takes minutes), e.g. on
 *            a quieter machine or with EXPLAIN at hand.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { createApp, createDatabase, loadConfig, migrateToLatest, type Db } from '@datekit/server';
import { openServices } from '../packages/cli/src/server-context.ts';

const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '1000000' },
    messages: { type: 'string', default: '10000000' },
    requests: { type: 'string', default: '200' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'string' },
  },
});
const MEMBERS = Number(values.members);
const MESSAGES = Number(values.messages);
const REQUESTS = Number(values.requests);
// Two conversations per member on average, five messages each; three likes per member.
const CONVERSATIONS = Math.max(1, Math.floor(MESSAGES / 5));
const LIKES = MEMBERS * 3;
const TARGET_P95_MS = 20;
const BRAND = 'localhost';

const databaseUrl = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;
const engine = databaseUrl ? 'PostgreSQL' : 'SQLite';
const REUSE = values.reuse;
const KEEP = values.keep || REUSE !== undefined;
const dir = REUSE && !databaseUrl ? REUSE : fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-members-scale-'));
const schema = REUSE && databaseUrl ? REUSE : `bench_members_${randomBytes(4).toString('hex')}`;
let admin: pg.Client | undefined;
if (databaseUrl) {
  admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  if (!REUSE) await admin.query(`create schema ${schema}`);
}
const services = await openServices(loadConfig({ DATEKIT_VAR_DIR: dir, RATE_LIMIT: 'off' }));
if (databaseUrl) {
  await services.db.destroy();
  // Both handles: reads (the session, search, profiles) go through `services.reads`.
  const opened = createDatabase({ databaseUrl, searchPath: schema });
  services.db = opened.db;
  services.reads = opened.reads;
  services.engine = 'postgres';
}
const db: Db = services.db;
await migrateToLatest(db, databaseUrl ? { schema } : undefined);
const uptime = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
console.log(
  `${engine}: ${MEMBERS.toLocaleString('en')} members, ${MESSAGES.toLocaleString('en')} messages, ` +
    `${CONVERSATIONS.toLocaleString('en')} conversations, ${LIKES.toLocaleString('en')} likes; load ${uptime()}`,
);

/** `select i from <series 1..n>`, as SQL text for the engine. */
const series = (n: number) =>
  databaseUrl
    ? `(select generate_series(1, ${n}) as i) s`
    : `(with recursive s(i) as (select 1 union all select i + 1 from s where i < ${n}) select i from s) s`;
const now = Date.now();
// Deterministic spread: ids scattered with multiplicative hashes modulo the member count.
const [least, greatest] = databaseUrl ? ['least', 'greatest'] : ['min', 'max'];
const countries = ['NL', 'BE', 'DE'];
const statements: [string, string][] = [
  [
    'users',
    `insert into users (id, brand, email, email_normalized, password_hash, status, language, paid_user, created_at, activated_at, accepted_terms_at)
     select i, '${BRAND}', 'm' || i || '@members.invalid', 'm' || i || '@members.invalid', null, 'active', 'en', case when i % 10 = 0 then 1 else 0 end,
            ${now} - i * 1000, ${now} - i * 1000, ${now} from ${series(MEMBERS)}`,
  ],
  [
    'profiles',
    `insert into profiles (id, brand, name, gender, birth_date, country, region, status, fictional, created_at)
     select i, '${BRAND}', 'Member ' || i, case when i % 9 < 5 then 'female' else 'male' end,
            (${new Date().getUTCFullYear() - 18} - i % 60) || '-0' || (1 + i % 9) || '-15',
            case i % 3 when 0 then '${countries[0]}' when 1 then '${countries[1]}' else '${countries[2]}' end, null,
            case when i % 20 = 0 then 'disabled' else 'active' end, 0, ${now} - i * 1000 from ${series(MEMBERS)}`,
  ],
  [
    'likes',
    // Member i likes three others (distinct, never itself for MEMBERS > 3).
    `insert into likes (liker_id, liked_id, created_at, is_new, source)
     select ((i - 1) % ${MEMBERS}) + 1, ((((i - 1) % ${MEMBERS}) + 1 + ((i - 1) / ${MEMBERS}) * 7919 + 1) % ${MEMBERS}) + 1,
            ${now} - i * 100, i % 2, 'profile' from ${series(LIKES)}`,
  ],
  [
    'conversations',
    // The i-th pairs x with y = x + d (mod MEMBERS), d different per round: distinct unordered pairs.
    `insert into conversations (id, brand, member_a, member_b, started_by, created_at, last_message_at)
     select i, '${BRAND}', ${least}(x, y), ${greatest}(x, y), x, ${now} - i * 10, ${now} - i * 10
     from (select i, ((i - 1) % ${MEMBERS}) + 1 as x,
                  ((((i - 1) % ${MEMBERS}) + ${(MEMBERS >> 1) + 1} + ((i - 1) / ${MEMBERS}) * 7919) % ${MEMBERS}) + 1 as y
           from ${series(CONVERSATIONS)}) pairs`,
  ],
  [
    'conversation_members',
    `insert into conversation_members (conversation_id, member_id, unread, hidden)
     select c.id, c.member_a, 0, 0 from conversations c
     union all select c.id, c.member_b, 1, 0 from conversations c`,
  ],
  [
    'messages',
    `insert into messages (conversation_id, sender_id, kind, body, created_at)
     select c.id, case when s.i % 2 = 0 then c.member_a else c.member_b end, 'text', 'Hello number ' || s.i, ${now} - s.i
     from ${series(MESSAGES)} join conversations c on c.id = ((s.i - 1) % ${CONVERSATIONS}) + 1`,
  ],
];
const genStart = performance.now();
try {
  for (const [table, text] of REUSE ? [] : statements) {
    const t0 = performance.now();
    if (databaseUrl) await sql.raw(text).execute(db);
    else await db.transaction().execute((trx) => sql.raw(text).execute(trx));
    console.log(`  ${table}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
} catch (error) {
  await db.destroy();
  await admin?.query(`drop schema ${schema} cascade`);
  fs.rmSync(dir, { recursive: true, force: true });
  throw error;
}
if (REUSE) console.log(`reusing ${REUSE}; load ${uptime()}`);
else {
  if (databaseUrl) {
    await sql.raw(`select setval(pg_get_serial_sequence('users', 'id'), ${MEMBERS})`).execute(db);
    // What autovacuum keeps a live database at: statistics, and the visibility map without which an
    // index-only scan (the search's count) still visits the table for every row just written.
    await sql.raw(`vacuum analyze ${statements.map(([table]) => table).join(', ')}`).execute(db);
  } else await sql`analyze`.execute(db);
  console.log(`generated in ${((performance.now() - genStart) / 1000).toFixed(1)} s; load ${uptime()}`);
}

// Sessions for a sample of members, spread over the id range.
const sample = Array.from({ length: 50 }, (_, k) => 1 + Math.floor(((k + 0.5) * MEMBERS) / 50));
const cookies = new Map<number, string>();
for (const id of sample) {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('sessions')
    .values({
      token_hash: createHash('sha256').update(token).digest('hex'),
      user_id: id,
      created_at: now,
      expires_at: now + 86_400_000,
    })
    .execute();
  cookies.set(id, `dk_session=${token}`);
}
const conversationOf = new Map<number, number>();
for (const id of sample) {
  const row = await db
    .selectFrom('conversation_members')
    .select('conversation_id')
    .where('member_id', '=', id)
    .limit(1)
    .executeTakeFirst();
  if (row) conversationOf.set(id, row.conversation_id);
}

const app = createApp(services);
await app.ready();
const searches = [
  '',
  'gender=male',
  'country=NL',
  'country=BE&gender=female&min_age=25&max_age=35',
  'min_age=60&max_age=99',
  'page=20',
];
const endpoints: [string, (id: number, i: number) => string][] = [
  ['search', (_, i) => `/api/members.php?${searches[i % searches.length]}`],
  ['likes list', () => '/api/likes.php'],
  ['chat list', () => '/api/chats.php'],
  ['conversation', (id) => `/api/chat.php?id=${conversationOf.get(id)}`],
  ['member profile', (id, i) => `/api/member.php?id=${1 + ((id * 7 + i * 104_729) % MEMBERS)}`],
];
let worst = 0;
console.log(
  `${REQUESTS} requests per endpoint through app.inject, sequential, as ${sample.length} members; load ${uptime()}`,
);
// The search's samples by query too: the filters take different indexes.
const bySearch = new Map<string, number[]>(searches.map((q) => [q, []]));
for (const [label, url] of endpoints) {
  const samples: number[] = [];
  for (let i = -10; i < REQUESTS; i++) {
    const id = sample[(i + 10) % sample.length]!;
    const t0 = performance.now();
    const res = await app.inject({
      method: 'GET',
      url: url(id, i),
      headers: { host: BRAND, cookie: cookies.get(id)!, 'x-client-request': '1' },
    });
    const ms = performance.now() - t0;
    // 404/403 on a profile (disabled member, blocked) is a valid answer; anything else is a bug.
    if (res.statusCode >= 500 || (res.statusCode !== 200 && label !== 'member profile'))
      throw new Error(`${label} ${url(id, i)}: HTTP ${res.statusCode} ${res.body.slice(0, 200)}`);
    if (i < 0) continue;
    samples.push(ms);
    if (label === 'search') bySearch.get(searches[i % searches.length]!)!.push(ms);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
  worst = Math.max(worst, at(0.95));
  console.log(
    `${label.padEnd(15)} p50 ${at(0.5).toFixed(1)} ms   p95 ${at(0.95).toFixed(1)} ms   max ${samples.at(-1)!.toFixed(1)} ms`,
  );
}
for (const [query, times] of bySearch) {
  times.sort((a, b) => a - b);
  console.log(
    `  search ?${query.padEnd(46)} median ${times[times.length >> 1]!.toFixed(1)} ms   max ${times.at(-1)!.toFixed(1)} ms`,
  );
}
console.log(`load ${uptime()}`);
await app.close();
await db.destroy();
if (KEEP) console.log(`kept the data: rerun with --reuse ${databaseUrl ? schema : dir}`);
else {
  await admin?.query(`drop schema ${schema} cascade`);
  fs.rmSync(dir, { recursive: true, force: true });
}
await admin?.end();
console.log(
  worst < TARGET_P95_MS
    ? `OK: every p95 < ${TARGET_P95_MS} ms`
    : `NOT MET: worst p95 ${worst.toFixed(1)} ms (goal < ${TARGET_P95_MS} ms)`,
);
process.exitCode = worst < TARGET_P95_MS ? 0 : 1;
