import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every query that reads a profile must say who may see it: it calls `visibleTo` (visible-to.ts) or
 * `searchConditions` (which does), or it is listed below with the reason it reads no other member for
 * a viewer (the member's own profile, the operator's tools). Writes (`insertInto`, `updateTable`)
 * show nobody anything and are not scanned. A new query over `profiles` that
 * does neither fails here, so a forgotten block or brand check cannot ship unnoticed.
 */

const SERVER = path.resolve(import.meta.dirname, '../..');

/** A query naming the profiles table, or the list builder over it. */
const PROFILE_QUERY = /\b(?:selectFrom|innerJoin|leftJoin)\(\s*'profiles\b[^']*'|\bselectProfiles\(/g;
/** How a query states the rule. */
const STATES_THE_RULE = /\b(?:visibleTo|searchConditions)\(/;
/**
 * Where a query's text ends: its execution, or the end of the statement that builds it (a shape
 * compiled ahead, db/compiled-query.ts, is never executed where it is built). A subquery ends with its
 * outer query.
 */
const QUERY_END = /\.execute(?:TakeFirst|TakeFirstOrThrow)?\(|\);$/gm;

interface Allowed {
  /** Path under packages/server. */
  file: string;
  /** The text of the query's first line (trimmed), or '*' for every profile query of the file. */
  query: string;
  why: string;
  /** What the query must call instead of `visibleTo`, if anything. */
  requires?: RegExp;
}

const OPERATOR = "the operator's tools see every member of the brands they work on (permissions.ts)";
const OWN = "the member's own profile";

const ALLOWED: Allowed[] = [
  { file: 'features/operator/*', query: '*', why: OPERATOR },
  { file: 'features/photos/moderation.ts', query: '*', why: OPERATOR },
  { file: 'features/reports/decide-report.ts', query: '*', why: OPERATOR },
  { file: 'features/reports/report-queue.ts', query: '*', why: OPERATOR },
  {
    file: 'features/reports/store-report.ts',
    query: '*',
    why: 'a report may name any member of the brand it was made on; the operator decides (checkContext)',
  },
  { file: 'features/users/member-row.ts', query: '*', why: 'the list builders: their callers add the rule' },
  { file: 'features/profile/profile.queries.ts', query: '*', why: OWN },
  { file: 'features/account/data-export.ts', query: '*', why: OWN },
  { file: 'features/password-reset/password-reset.ts', query: '*', why: OWN },
  { file: 'features/payments/payment-mails.ts', query: '*', why: OWN },
  {
    file: 'features/notifications/mail-notifications.ts',
    query: ".innerJoin('profiles as p', 'p.id', 'u.id')",
    why: "the recipient's own name",
  },
  {
    file: 'features/notifications/digests/weekly-updates.ts',
    query: ".innerJoin('profiles as p', 'p.id', 'u.id')",
    why: "the recipients' own names and countries; the members suggested to them are filtered in suggestionsFor",
  },
  {
    file: 'features/members/members.queries.ts',
    query:
      "const admittedProfileQuery = compiledQuery((db: Db, p: { id: number }) => selectProfiles(db).where('p.id', '=', p.id));",
    why: 'the member herself, or the target reachableProfile (contact-rules.ts) admitted just before',
  },
  {
    file: 'features/members/members.queries.ts',
    query: "db.selectFrom('profiles').select(DETAIL_FIELDS).where('id', '=', p.id),",
    why: 'the member herself, or the target reachableProfile (contact-rules.ts) admitted just before',
  },
  {
    file: 'media/media-access.ts',
    query: ".innerJoin('profiles as p', 'p.id', 'ph.profile_id')",
    why: 'answers each part of the rule as its own column for mayView (may-view.test.ts), blocks with blockedEitherWay',
    requires: /\bblockedEitherWay\(/,
  },
];

interface ProfileQuery {
  file: string;
  line: number;
  /** The query's first line, trimmed. */
  first: string;
  /** The query's text up to its execution. */
  text: string;
}

/** The profile queries in one source file. */
function profileQueries(file: string, source: string): ProfileQuery[] {
  const found: ProfileQuery[] = [];
  for (const match of source.matchAll(PROFILE_QUERY)) {
    const start = match.index;
    QUERY_END.lastIndex = start;
    const end = QUERY_END.exec(source)?.index ?? source.length;
    const lineStart = source.lastIndexOf('\n', start) + 1;
    const lineEnd = source.indexOf('\n', start);
    found.push({
      file,
      line: source.slice(0, start).split('\n').length,
      first: source.slice(lineStart, lineEnd === -1 ? undefined : lineEnd).trim(),
      text: source.slice(start, end),
    });
  }
  return found;
}

function allowanceFor(query: ProfileQuery): Allowed | undefined {
  return ALLOWED.find(
    (a) =>
      (a.file.endsWith('/*') ? query.file.startsWith(a.file.slice(0, -1)) : a.file === query.file) &&
      (a.query === '*' || a.query === query.first),
  );
}

/** The queries that state no rule and have no allowance (or lack what theirs requires). */
function unruledQueries(queries: readonly ProfileQuery[]): ProfileQuery[] {
  return queries.filter((q) => {
    if (STATES_THE_RULE.test(q.text)) return false;
    const allowed = allowanceFor(q);
    if (!allowed) return true;
    return allowed.requires !== undefined && !allowed.requires.test(q.text);
  });
}

function serverSources(dir = SERVER, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const rel = path.relative(SERVER, full).split(path.sep).join('/');
    if (entry.isDirectory()) {
      if (!['node_modules', 'test', 'db'].includes(rel)) serverSources(full, out);
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) out.push(rel);
  }
  return out;
}

const queries = serverSources().flatMap((file) =>
  profileQueries(file, fs.readFileSync(path.join(SERVER, file), 'utf8')),
);

describe('who may see whom is stated by every profile query', () => {
  it('finds the queries that show members to one another', () => {
    // The scan itself works: the places the rule must reach are among what it finds.
    const files = new Set(queries.map((q) => q.file));
    for (const file of [
      'features/search/search.queries.ts',
      'features/likes/likes.queries.ts',
      'features/likes/match-moment.ts',
      'features/chat/chat.queries.ts',
      'features/chat/chat-live.ts',
      'features/swipe/swipe.queries.ts',
      'features/members/contact-rules.ts',
      'features/members/members.queries.ts',
      'features/notifications/mail-notifications.ts',
      'features/notifications/digests/weekly-updates.ts',
      'features/notifications/digests/unread-reminders.ts',
      'push/push-notifications.ts',
      'media/media-access.ts',
    ])
      expect(files, file).toContain(file);
  });

  it('each calls visibleTo or searchConditions, or is allowed with its reason', () => {
    const report = unruledQueries(queries).map((q) => `${q.file}:${q.line}: ${q.first}`);
    expect(report, 'call visibleTo (features/members/visible-to.ts) in these queries').toEqual([]);
  });

  it('lists no allowance that no longer matches a query', () => {
    const stale = ALLOWED.filter((a) => !queries.some((q) => allowanceFor(q) === a));
    expect(stale.map((a) => `${a.file}: ${a.query}`)).toEqual([]);
  });

  it('flags a query over profiles that forgets the rule', () => {
    const forgetful = `
      export function newest(db: Db) {
        return db.selectFrom('profiles as p').select('p.name').where('p.status', '=', 'active').execute();
      }
      export function listed(db: Db, viewer: number) {
        return selectProfiles(db).where((eb) => eb('p.id', '!=', viewer)).execute();
      }
      export function ruled(db: Db, viewer: number) {
        return selectProfiles(db).where((eb) => visibleTo(eb, viewer, RULE)).execute();
      }`;
    const found = profileQueries('features/example/example.ts', forgetful);
    expect(found).toHaveLength(3);
    expect(unruledQueries(found).map((q) => q.line)).toEqual([3, 6]);
  });

  it('holds an allowed file to what its allowance requires', () => {
    const media = `const photo = await db.selectFrom('photos as ph')
    .innerJoin('profiles as p', 'p.id', 'ph.profile_id')
    .select(['p.brand'])
    .executeTakeFirst();`;
    expect(unruledQueries(profileQueries('media/media-access.ts', media))).toHaveLength(1);
  });
});
