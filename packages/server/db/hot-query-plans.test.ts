import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../test/http-client.ts';
import { pathOf, startTestServer, validSignup, type TestServer } from '../test/test-server.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { readStreamStart } from '../realtime/event-store.ts';

/**
 * The hot read paths (search, likes list, chat list, one conversation, a member's profile) must stay
 * on indexes at a million members (bench/members-scale.ts). Each request's statements are recorded as
 * the handlers send them and explained: on SQLite no plain `SCAN <table>` of a table that grows with
 * members (a `SEARCH` or an ordered `SCAN … USING INDEX` is fine); on PostgreSQL, with sequential scans
 * priced out (`enable_seqscan = off`, so a tiny test table does not tempt the planner), no `Seq Scan`
 * on them, which is then what remains when no index fits.
 */
const BIG_TABLES = [
  'users',
  'profiles',
  'likes',
  'blocks',
  'conversations',
  'conversation_members',
  'messages',
  'member_events',
  'sessions',
  'photos',
];

/** Every statement run on the database, as sent (compiled ahead or not, inside transactions too). */
let recorded: CompiledQuery[] = [];

/** The statements recorded since the last call. */
function takeRecorded(): CompiledQuery[] {
  const taken = recorded;
  recorded = [];
  return taken;
}

let database: TestDatabase;
let server: TestServer;

beforeAll(async () => {
  database = await createTestDatabase({ onQuery: (query) => recorded.push(query) });
  server = await startTestServer({ services: { db: database.db, reads: database.reads, engine: database.engine } });
});
afterAll(async () => {
  await server.close();
  await database.drop();
});

let counter = 0;
async function activeMember(): Promise<{ id: number; browser: TestClient }> {
  const browser = server.client();
  const res = await browser.post<{ user: { profile: { id: number } } }>(
    '/api/signup.php',
    validSignup({ email: `plans-${++counter}@example.com`, name: `Plan${counter}` }),
  );
  await browser.get(pathOf(server.latestActivationLink()));
  return { id: res.body.user.profile.id, browser };
}

/**
 * The plan lines of one recorded statement. On PostgreSQL the plan types in `off` (default: sequential
 * scans) are priced out while it is explained.
 */
async function planOf(compiled: CompiledQuery, off: readonly string[] = ['enable_seqscan']): Promise<string[]> {
  if (database.engine === 'sqlite') {
    const result = await database.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
    );
    return result.rows.map((r) => r.detail);
  }
  return database.db.connection().execute(async (connection) => {
    for (const setting of off) await connection.executeQuery(CompiledQuery.raw(`set ${setting} = off`));
    try {
      const result = await connection.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]),
      );
      return result.rows.map((r) => r['QUERY PLAN']);
    } finally {
      for (const setting of off) await connection.executeQuery(CompiledQuery.raw(`reset ${setting}`));
    }
  });
}

/** The statements of one request whose plans read a big table without an index. */
async function fullScansOf(browser: TestClient, url: string): Promise<string[]> {
  takeRecorded();
  const res = await browser.get(url);
  expect(res.status, url).toBe(200);
  const statements = takeRecorded();
  expect(statements.length, url).toBeGreaterThan(0);
  const bad: string[] = [];
  for (const compiled of statements) {
    if (!['SelectQueryNode', 'UpdateQueryNode', 'DeleteQueryNode'].includes(compiled.query.kind)) continue;
    const plan = await planOf(compiled);
    if (process.env.SHOW_PLANS) console.log(url, plan.join(' / '));
    const scans = plan.filter((line) =>
      BIG_TABLES.some((table) =>
        database.engine === 'sqlite'
          ? new RegExp(`^SCAN ${table}( AS \\w+)?$`).test(line.trim())
          : new RegExp(`Seq Scan on ${table}\\b`).test(line),
      ),
    );
    if (scans.length) bad.push(`${compiled.sql}\n  → ${scans.join('; ')}`);
  }
  return bad;
}

describe('query plans of the hot read paths', () => {
  it('search, likes, chat list, a conversation and a profile read every big table through an index', async () => {
    const anna = await activeMember();
    const ben = await activeMember();
    await anna.browser.post('/api/like.php', { profile_id: ben.id });
    await ben.browser.post('/api/like.php', { profile_id: anna.id });
    const sent = await anna.browser.post<{ message: { conversation_id: number } }>('/api/message.php', {
      profile_id: ben.id,
      text: 'Hello',
    });
    expect(sent.status).toBe(201);
    const conversation = sent.body.message.conversation_id;
    // The handlers' statements must be recorded, or the test proves nothing.
    takeRecorded();
    await anna.browser.get('/api/likes.php');
    expect(takeRecorded().length).toBeGreaterThan(0);

    const found: Record<string, string[]> = {};
    for (const url of [
      '/api/members.php',
      '/api/members.php?gender=male&min_age=25&max_age=35',
      '/api/likes.php',
      '/api/chats.php',
      `/api/chat.php?id=${conversation}`,
      `/api/member.php?id=${ben.id}`,
    ]) {
      found[url] = await fullScansOf(anna.browser, url);
    }
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((url) => [url, []])));
  });

  it("counts a search's matches from the index alone, never visiting the table", async () => {
    const anna = await activeMember();
    takeRecorded();
    expect((await anna.browser.get('/api/members.php?gender=male')).status).toBe(200);
    const counts = takeRecorded().filter((compiled) => compiled.sql.startsWith('select count(*)'));
    expect(counts).toHaveLength(1);
    // PostgreSQL: with every other way to read a table priced out, only an index holding every column
    // the count needs (the id among them) gives an index-only scan; otherwise a Seq Scan is left.
    const plan = (await planOf(counts[0]!, ['enable_seqscan', 'enable_indexscan', 'enable_bitmapscan'])).join('\n');
    // Either search index holds every column the count reads (on a table of a few rows the planner
    // may take the one in the search's order).
    if (database.engine === 'sqlite') expect(plan).toMatch(/SEARCH p USING COVERING INDEX profiles_search_/);
    else expect(plan).toMatch(/Index Only Scan using profiles_search_(covering|order) on profiles p/);
  });

  it("reads a search's page in its order from the index, never sorting the matches, however many joined together", async () => {
    const anna = await activeMember();
    // Members created in the same millisecond (an import, a seed): their order is the id's.
    const joinedAt = Date.now();
    for (let i = 0; i < 3; i++) {
      const { id } = await activeMember();
      await database.db.updateTable('profiles').set({ created_at: joinedAt }).where('id', '=', id).execute();
    }
    takeRecorded();
    expect((await anna.browser.get('/api/members.php?gender=male&page=2')).status).toBe(200);
    const pages = takeRecorded().filter((compiled) => compiled.sql.includes('order by "p"."photo_visible" desc'));
    expect(pages).toHaveLength(1);
    if (database.engine === 'sqlite') {
      // A sort of the matches is a temporary B-tree at the top of the plan (the union of blocks has
      // its own, inside the subquery).
      const rows = await database.db.executeQuery<{ parent: number; detail: string }>(
        CompiledQuery.raw(`explain query plan ${pages[0]!.sql}`, [...pages[0]!.parameters]),
      );
      const top = rows.rows.filter((row) => row.parent === 0).map((row) => row.detail);
      expect(top).toContainEqual(expect.stringMatching(/^SEARCH p USING INDEX profiles_search_order /));
      expect(top.filter((line) => line.includes('TEMP B-TREE'))).toEqual([]);
    } else {
      const plan = (await planOf(pages[0]!)).join('\n');
      expect(plan).toMatch(/Index Scan Backward using profiles_search_order on profiles p/);
      expect(plan).not.toMatch(/Sort Key: .*p\./);
    }
  });

  it('leaves members who are gone out through their own index, never reading every member, with statistics as autovacuum keeps them', async () => {
    const anna = await activeMember();
    // Members enough for the planner to weigh one read of the table against a lookup per match, none
    // of them gone: men of Anna's brand, whom her search finds.
    const numbers =
      database.engine === 'postgres'
        ? sql`select generate_series(1, 3000) as n`
        : sql`with recursive s(n) as (select 1 union all select n + 1 from s where n < 3000) select n from s`;
    await sql`
      insert into users (brand, email, email_normalized, status, language, created_at)
      select 'alpha.test', 'filler-' || n || '@example.com', 'filler-' || n || '@example.com', 'active', 'en', 0
      from (${numbers}) as numbers
    `.execute(database.db);
    await sql`
      insert into profiles (id, brand, name, birth_date, country, status, gender, created_at)
      select id, brand, 'Filler', '1990-06-15', 'NL', 'active', 'male', 0 from users where email like 'filler-%'
    `.execute(database.db);
    await sql`analyze`.execute(database.db);
    takeRecorded();
    expect((await anna.browser.get('/api/members.php?gender=male')).status).toBe(200);
    const page = takeRecorded().find((compiled) => compiled.sql.includes('order by "p"."photo_visible" desc'))!;
    const plan = (await planOf(page, [])).join('\n');
    if (process.env.SHOW_PLANS) console.log(plan);
    if (database.engine === 'sqlite') expect(plan).not.toMatch(/SCAN gone\b/);
    else expect(plan).not.toMatch(/Seq Scan on users gone/);
  });

  it("opens a stream without reading the member's kept events unless it resumes, also with PostgreSQL's generic plan", async (context) => {
    if (database.engine !== 'postgres') return context.skip();
    const anna = await activeMember();
    // A member with a week of events, as an active one has.
    await sql`
      insert into member_events (member_id, type, payload, created_at)
      select ${anna.id}, 'credits', '{}', 0 from generate_series(1, 200)
    `.execute(database.db);
    await sql`analyze member_events`.execute(database.db);
    takeRecorded();
    await readStreamStart(database.db, { memberId: anna.id, tokenHash: 'x', now: 0, resumeFrom: null, limit: 100 });
    const [start] = takeRecorded();
    // After five runs PostgreSQL may plan a named statement once for every value; that plan is the one asked for here.
    const plan = await database.db.connection().execute(async (connection) => {
      const run = (text: string) => connection.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(text));
      await run(`prepare stream_start as ${start!.sql}`);
      await run('set plan_cache_mode = force_generic_plan');
      try {
        const values = start!.parameters.map((value) => (typeof value === 'string' ? `'${value}'` : String(value)));
        const result = await run(
          `explain (analyze, costs off, timing off, summary off) execute stream_start(${values.join(', ')})`,
        );
        return result.rows.map((row) => row['QUERY PLAN']).join('\n');
      } finally {
        await run('reset plan_cache_mode');
        await run('deallocate stream_start');
      }
    });
    if (process.env.SHOW_PLANS) console.log(plan);
    // The first events' read (alias `e`; `e_1`, `e_2` are the newest id and the resume check) does not run.
    const firstEvents = plan.split('\n').filter((line) => / on member_events e( |$)/.test(line));
    expect(firstEvents.length).toBeGreaterThan(0);
    for (const line of firstEvents) expect(line).toMatch(/never executed/);
  });
});
