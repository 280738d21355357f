import type { KyselyPlugin, PluginTransformQueryArgs, RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../test/test-server.ts';
import { GRACE_MS } from '../account/deletion.ts';
import { eraseAccount } from '../account/erase-account.ts';
import { pruneSignIns, SIGN_IN_RETENTION_DAYS } from '../auth/sign-ins.ts';
import { memberDetail, SIGN_IN_LIMIT } from './member-detail.ts';
import { activeMember, suspendThroughReport, uploadPhoto } from './test-members.ts';
import { startServerWithOperators, type TestOperator } from './test-operators.ts';

let server: TestServer;
let support: TestOperator;
let moderator: TestOperator;

beforeAll(async () => {
  ({
    server,
    operators: { support, moderator },
  } = await startServerWithOperators(['support', 'moderator']));
}, 30_000);

afterAll(async () => {
  await server.close();
});

const audit = (memberId: number) =>
  server.services.db
    .selectFrom('operator_audit')
    .select(['action', 'operator_email', 'reason', 'details'])
    .where('target_type', '=', 'member')
    .where('target_id', '=', String(memberId))
    .orderBy('id')
    .execute();

type Detail = {
  member: { id: number; status: string; balance: number; email: string };
  photos: { id: number; url: string | null }[];
  ledger: { amount: number; reason: string; note: string | null }[];
  notes: { body: string; operator_email: string }[];
  sessions: { at: string; expires_at: string }[];
  sign_ins: { at: string; method: string; outcome: string; ip: string | null; user_agent: string | null }[];
  sanction: {
    kind: string;
    since: string;
    until: string | null;
    operator_email: string | null;
    ground: string | null;
    facts: string | null;
    report_id: number | null;
  } | null;
  sanctions: {
    kind: string;
    ended_at: string | null;
    ended_how: string | null;
    ended_by_email: string | null;
    end_reason: string | null;
  }[];
};

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0';
const DAY = 86_400_000;

describe('members', () => {
  it('finds members by e-mail, name, id, brand and state', async () => {
    const a = await activeMember(server, { email: 'findme.one@example.com', name: 'Zoraida' });
    const b = await activeMember(server, { email: 'other_100@example.com', tracking: { network: 'ops' } }, 'beta.test');
    const search = async (query: string) =>
      (await support.browser.get<{ members: { id: number }[] }>(`/api/operator/members?${query}`)).body.members.map(
        (m) => m.id,
      );
    expect(await search('q=findme.one')).toEqual([a.id]);
    expect(await search('q=zorai')).toEqual([a.id]);
    expect(await search(`q=${a.id}`)).toContain(a.id);
    expect(await search('q=other_100')).toEqual([b.id]);
    expect(await search('brand=beta.test')).toEqual([b.id]);
    expect(await search('q=findme&status=not_confirmed')).toEqual([]);
    expect(await search('q=findme&status=active')).toEqual([a.id]);
  });

  it('shows a member; full photos only to roles that may see them', async () => {
    const m = await activeMember(server);
    const photo = await uploadPhoto(m.browser);
    const bySupport = await support.browser.get<Detail>(`/api/operator/members/${m.id}`);
    expect(bySupport.status, bySupport.text).toBe(200);
    expect(bySupport.body.member).toMatchObject({ id: m.id, status: 'active', email: m.email });
    expect(bySupport.body.photos).toEqual([expect.objectContaining({ id: photo, url: null })]);
    expect(bySupport.body.sessions.length).toBeGreaterThan(0);
    expect(bySupport.body.sign_ins.map((s) => s.method)).toEqual(['activation_link', 'signup']);
    expect((await support.browser.get(`/api/operator/photos/${photo}/file`)).body.error).toBe('operator_forbidden');
    const byModerator = await moderator.browser.get<Detail>(`/api/operator/members/${m.id}`);
    expect(byModerator.body.photos[0]!.url).toBe(`/api/operator/photos/${photo}/file`);
    expect((await moderator.browser.get(byModerator.body.photos[0]!.url!)).status).toBe(200);
    expect((await support.browser.get('/api/operator/members/999999')).status).toBe(404);
  });

  it('grants and takes back credits with a reason, never below zero, each with an audit row', async () => {
    const m = await activeMember(server);
    const before = (await support.browser.get<Detail>(`/api/operator/members/${m.id}`)).body.member.balance;
    const grant = await support.browser.post<{ balance: number }>(`/api/operator/members/${m.id}/credits`, {
      amount: 50,
      reason: 'goodwill after an outage',
    });
    expect(grant.status, grant.text).toBe(200);
    expect(grant.body.balance).toBe(before + 50);
    const tooMuch = await support.browser.post(`/api/operator/members/${m.id}/credits`, {
      amount: -(before + 51),
      reason: 'correction',
    });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.error).toBe('credits_below_zero');
    const detail = (await support.browser.get<Detail>(`/api/operator/members/${m.id}`)).body;
    expect(detail.member.balance).toBe(before + 50);
    expect(detail.ledger[0]).toMatchObject({
      amount: 50,
      reason: 'grant',
      note: `${support.email}: goodwill after an outage`,
    });
    // Refused actions leave no audit row.
    expect(await audit(m.id)).toEqual([
      {
        action: 'credits.grant',
        operator_email: support.email,
        reason: 'goodwill after an outage',
        details: '{"amount":50}',
      },
    ]);
  });

  it('keeps staff notes, resends activation, deletes; each with an audit row', async () => {
    const pending = server.client('alpha.test');
    const signup = await pending.post<{ user: { profile: { id: number } } }>('/api/signup.php', {
      ...(await import('../../test/test-server.ts')).validSignup({ email: 'not-yet@example.com' }),
    });
    const id = signup.body.user.profile.id;
    expect(
      (await support.browser.post(`/api/operator/members/${id}/notes`, { body: 'Called about billing.' })).status,
    ).toBe(200);
    const mails = server.outbox().length;
    const resend = await support.browser.post(`/api/operator/members/${id}/activation`, {});
    expect(resend.status, resend.text).toBe(200);
    expect(server.outbox().length).toBe(mails + 1);
    expect(server.outbox().at(-1)).toContain('not-yet@example.com');
    const deleted = await support.browser.post(`/api/operator/members/${id}/delete`, { reason: 'asked by phone' });
    expect(deleted.status, deleted.text).toBe(200);
    const detail = (await support.browser.get<Detail>(`/api/operator/members/${id}`)).body;
    expect(detail.member.status).toBe('pending_deletion');
    expect(detail.notes).toEqual([
      expect.objectContaining({ body: 'Called about billing.', operator_email: support.email }),
    ]);
    expect((await audit(id)).map((row) => row.action)).toEqual([
      'member.note',
      'member.activation_mail',
      'member.delete',
    ]);
    expect((await moderator.browser.post(`/api/operator/members/${id}/delete`, { reason: 'again' })).body.error).toBe(
      'operator_forbidden',
    );
  });

  it('records every sign-in, failed ones too, with the network cut to /24 and a browser summary; newest first', async () => {
    const m = await activeMember(server);
    const login = (password: string) =>
      server
        .client()
        .post('/api/user.php', { email: m.email, password }, { headers: { 'user-agent': FIREFOX_WINDOWS } });
    expect((await login('wrong password!')).status).toBe(401);
    expect((await login('correct horse battery')).status).toBe(200);
    const detail = (await support.browser.get<Detail>(`/api/operator/members/${m.id}`)).body;
    expect(detail.sign_ins).toEqual([
      {
        at: expect.any(String),
        method: 'password',
        outcome: 'ok',
        ip: '127.0.0.0/24',
        user_agent: 'Firefox on Windows',
      },
      {
        at: expect.any(String),
        method: 'password',
        outcome: 'wrong_password',
        ip: '127.0.0.0/24',
        user_agent: 'Firefox on Windows',
      },
      expect.objectContaining({ method: 'activation_link', outcome: 'ok', ip: '127.0.0.0/24' }),
      expect.objectContaining({ method: 'signup', outcome: 'ok' }),
    ]);
    // A wrong password for an address nobody has is recorded nowhere.
    const rows = () =>
      server.services.db
        .selectFrom('member_sign_ins')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n));
    const before = await rows();
    expect((await server.client().post('/api/user.php', { email: 'nobody@example.com', password: 'x' })).status).toBe(
      401,
    );
    expect(await rows()).toBe(before);
  });

  it('records a refused sign-in of a banned member; shows the ban with who, why and since when, then its end', async () => {
    const m = await activeMember(server);
    const ban = await moderator.browser.post(`/api/operator/members/${m.id}/ban`, {
      ground: 'terms_spam',
      facts: 'Sent the same link to 40 members.',
    });
    expect(ban.status, ban.text).toBe(200);
    expect(
      (await server.client().post('/api/user.php', { email: m.email, password: 'correct horse battery' })).body.error,
    ).toBe('account_banned');
    let detail = (await support.browser.get<Detail>(`/api/operator/members/${m.id}`)).body;
    expect(detail.sign_ins[0]).toMatchObject({ method: 'password', outcome: 'banned' });
    expect(detail.sanction).toEqual({
      kind: 'ban',
      since: expect.any(String),
      until: null,
      operator_email: moderator.email,
      ground: 'terms_spam',
      facts: 'Sent the same link to 40 members.',
      report_id: null,
    });
    expect(detail.sanctions).toEqual([expect.objectContaining({ kind: 'ban', ended_at: null })]);

    const unban = await moderator.browser.post(`/api/operator/members/${m.id}/unban`, { reason: 'appeal accepted' });
    expect(unban.status, unban.text).toBe(200);
    detail = (await support.browser.get<Detail>(`/api/operator/members/${m.id}`)).body;
    expect(detail.sanction).toBeNull();
    expect(detail.sanctions).toEqual([
      expect.objectContaining({
        kind: 'ban',
        ended_at: expect.any(String),
        ended_how: 'lifted',
        ended_by_email: moderator.email,
        end_reason: 'appeal accepted',
      }),
    ]);
  });

  it('shows a suspension from a report with its end and report; a ban replacing it keeps it in the history', async () => {
    const reporter = await activeMember(server);
    const m = await activeMember(server);
    const reportId = await suspendThroughReport(reporter.browser, moderator.browser, m.id, {
      facts: 'Insults in three conversations.',
      days: 7,
    });
    let detail = (await support.browser.get<Detail>(`/api/operator/members/${m.id}`)).body;
    expect(detail.sanction).toMatchObject({
      kind: 'suspension',
      operator_email: moderator.email,
      ground: 'terms_harassment',
      report_id: reportId,
    });
    const { since, until } = detail.sanction!;
    expect(Date.parse(until!) - Date.parse(since)).toBe(7 * DAY);

    await moderator.browser.post(`/api/operator/members/${m.id}/ban`, { ground: 'terms_general', facts: 'Again.' });
    detail = (await support.browser.get<Detail>(`/api/operator/members/${m.id}`)).body;
    expect(detail.sanction).toMatchObject({ kind: 'ban', until: null, facts: 'Again.' });
    expect(detail.sanctions.map((x) => [x.kind, x.ended_how])).toEqual([
      ['ban', null],
      ['suspension', 'replaced'],
    ]);
  });

  it('shows the newest 50 sign-ins; the retention job deletes those past 180 days; erasure deletes the rest', async () => {
    const m = await activeMember(server);
    const db = server.services.db;
    const now = server.services.now();
    await db
      .insertInto('member_sign_ins')
      .values(
        Array.from({ length: 60 }, (_, i) => ({
          user_id: m.id,
          at: now - (i + 1) * DAY,
          method: 'password' as const,
          outcome: 'ok' as const,
          ip_prefix: '203.0.113.0/24',
          user_agent: null,
        })),
      )
      .execute();
    const old = {
      user_id: m.id,
      method: 'password' as const,
      outcome: 'ok' as const,
      ip_prefix: null,
      user_agent: null,
    };
    await db
      .insertInto('member_sign_ins')
      .values({ ...old, at: now - (SIGN_IN_RETENTION_DAYS + 1) * DAY })
      .execute();
    const detail = (await support.browser.get<Detail>(`/api/operator/members/${m.id}`)).body;
    expect(detail.sign_ins).toHaveLength(SIGN_IN_LIMIT);
    const times = detail.sign_ins.map((s) => Date.parse(s.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(detail.sign_ins.slice(0, 2).map((s) => s.method)).toEqual(['activation_link', 'signup']);

    const count = async () =>
      Number(
        (
          await db
            .selectFrom('member_sign_ins')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('user_id', '=', m.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count()).toBe(63);
    expect(await pruneSignIns(server.services)).toBeGreaterThanOrEqual(1);
    expect(await count()).toBe(62);

    await db
      .updateTable('users')
      .set({ deletion_requested_at: now - GRACE_MS - 1 })
      .where('id', '=', m.id)
      .execute();
    expect(await eraseAccount(server.services, m.id)).toBe('erased');
    expect(await count()).toBe(0);
  });

  it('reads the member page in the same number of queries however long the history', async () => {
    let statements = 0;
    const counter: KyselyPlugin = {
      transformQuery: (args: PluginTransformQueryArgs): RootOperationNode => {
        statements += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const counted = { ...server.services, db: server.services.db.withPlugin(counter) };
    const queries = async (id: number) => {
      statements = 0;
      expect(await memberDetail(counted, id, true)).not.toBeNull();
      return statements;
    };
    const m = await activeMember(server);
    const short = await queries(m.id);
    await server.services.db
      .insertInto('member_sign_ins')
      .values(
        Array.from({ length: 80 }, (_, i) => ({
          user_id: m.id,
          at: server.services.now() - i * 60_000,
          method: 'password' as const,
          outcome: 'wrong_password' as const,
          ip_prefix: null,
          user_agent: null,
        })),
      )
      .execute();
    for (let i = 0; i < 3; i += 1) {
      await moderator.browser.post(`/api/operator/members/${m.id}/ban`, { ground: 'terms_general', facts: `#${i}` });
      await moderator.browser.post(`/api/operator/members/${m.id}/unban`, { reason: `appeal ${i}` });
    }
    expect(await queries(m.id)).toBe(short);
    expect(short).toBeLessThanOrEqual(10);
  });
});

describe('members list without a search', () => {
  type Rows = { members: { id: number; open_reports: number; sanction: string | null }[] };

  it('shows the latest signups, and the flagged ones: open reports or a ban or suspension', async () => {
    const quiet = await activeMember(server);
    const reported = await activeMember(server);
    const suspended = await activeMember(server);
    const reporter = await activeMember(server);
    const report = await reporter.browser.post('/api/report.php', {
      reported_id: reported.id,
      context: 'profile',
      reason: 'harassment',
    });
    expect(report.status, report.text).toBe(200);
    await suspendThroughReport(reporter.browser, moderator.browser, suspended.id, { facts: 'insults', days: 3 });

    const recent = await support.browser.get<Rows>('/api/operator/members');
    expect(recent.status, recent.text).toBe(200);
    expect(recent.body.members.slice(0, 4).map((m) => m.id)).toEqual([
      reporter.id,
      suspended.id,
      reported.id,
      quiet.id,
    ]);
    expect(recent.body.members.find((m) => m.id === reported.id)).toMatchObject({ open_reports: 1, sanction: null });

    const flagged = await support.browser.get<Rows>('/api/operator/members?view=flagged');
    const ids = flagged.body.members.map((m) => m.id);
    expect(ids).toContain(reported.id);
    expect(ids).toContain(suspended.id);
    expect(ids).not.toContain(quiet.id);
    expect(flagged.body.members.find((m) => m.id === suspended.id)).toMatchObject({ sanction: 'suspension' });
    expect((await support.browser.get('/api/operator/members?view=nosy')).status).toBe(422);
  });
});
