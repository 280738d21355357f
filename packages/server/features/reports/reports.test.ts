import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/http-client.ts';
import { startTestServer, validSignup, type TestServer } from '../../test/test-server.ts';
import { member } from '../../test/member.ts';
import { banMember, decideReport, unbanMember } from './decide-report.ts';
import { runLiftSuspensionJob } from './sanctions.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ memberCache: true });
});
afterAll(() => server.close());

const activeMember = (host?: string) =>
  member(server, { label: 'Reported', host, signup: { tracking: { network: 'n' } } });

/** The mails sent to `to` since `since` (an outbox length). */
const mailsTo = (to: string, since: number) =>
  server
    .outbox()
    .slice(since)
    .filter((eml) => eml.includes(`To: ${to}`));

/** The text of a mail with quoted-printable soft breaks and the common escapes undone. */
const unfold = (eml: string) =>
  eml.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

async function reportOf(reporter: TestClient, reported: number, extra: Record<string, unknown> = {}) {
  return reporter.post<{ ok: true; report_id: number; error?: string }>('/api/report.php', {
    reported_id: reported,
    context: 'profile',
    reason: 'fake_profile',
    text: 'Photos taken from a model agency.',
    ...extra,
  });
}

describe('reports (DSA art. 16 notices)', () => {
  it('a member reports a profile: it lands in the queue and the reporter gets a confirmation mail', async () => {
    const [reporter, reported] = [await activeMember(), await activeMember()];
    const before = server.outbox().length;
    const res = await reportOf(reporter.browser, reported.id);
    expect(res.status).toBe(200);
    const row = await server.services.db
      .selectFrom('reports')
      .selectAll()
      .where('id', '=', res.body.report_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      reporter_id: reporter.id,
      reported_id: reported.id,
      context: 'profile',
      reason: 'fake_profile',
      status: 'open',
      brand: 'alpha.test',
    });
    const [mail] = mailsTo(reporter.email, before);
    expect(unfold(mail!)).toContain(`reference number ${res.body.report_id}`);
  });

  it('a visitor reports a visible profile with an e-mail address; without a valid one it is refused', async () => {
    const reported = await activeMember();
    const visitor = server.client();
    expect((await reportOf(visitor, reported.id)).body.error).toBe('invalid_email');
    expect((await reportOf(visitor, reported.id, { email: 'not-an-address' })).body.error).toBe('invalid_email');
    const conversation = await reportOf(visitor, reported.id, {
      email: 'v@example.com',
      context: 'conversation',
      context_id: 1,
    });
    expect(conversation.status).toBe(422);
    const before = server.outbox().length;
    visitor.cookies.set('lang', 'nl');
    const ok = await reportOf(visitor, reported.id, { email: 'visitor@example.com', name: 'Vera' });
    expect(ok.status).toBe(200);
    const row = await server.services.db
      .selectFrom('reports')
      .select(['reporter_id', 'reporter_email', 'reporter_name', 'language'])
      .where('id', '=', ok.body.report_id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      reporter_id: null,
      reporter_email: 'visitor@example.com',
      reporter_name: 'Vera',
      language: 'nl',
    });
    expect(unfold(mailsTo('visitor@example.com', before)[0]!)).toContain(`referentienummer ${ok.body.report_id}`);
  });

  it('refuses bad reports with 4xx and stores nothing: unknown reason, oneself, another brand, a conversation not theirs', async () => {
    const [reporter, other, third] = [await activeMember(), await activeMember(), await activeMember()];
    const elsewhere = await activeMember('beta.test');
    const count = async () =>
      Number(
        (
          await server.services.db
            .selectFrom('reports')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    expect((await reportOf(reporter.browser, other.id, { reason: 'boring' })).status).toBe(422);
    expect((await reportOf(reporter.browser, reporter.id)).status).toBe(422);
    expect((await reportOf(reporter.browser, elsewhere.id)).status).toBe(404);
    expect((await reportOf(reporter.browser, other.id, { text: 'x'.repeat(2001) })).status).toBe(422);
    expect((await reportOf(reporter.browser, other.id, { context: 'conversation' })).status).toBe(422);
    // A conversation between two other members is answered like one that does not exist.
    await other.browser.post('/api/message.php', { profile_id: third.id, text: 'hello' });
    const chats = await other.browser.get<{ chats: { conversation: { id: number } }[] }>('/api/chats.php');
    const theirs = chats.body.chats[0]!.conversation.id;
    expect((await reportOf(reporter.browser, other.id, { context: 'conversation', context_id: theirs })).status).toBe(
      404,
    );
    expect(await count()).toBe(before);
    // The partner may report that conversation.
    expect((await reportOf(third.browser, other.id, { context: 'conversation', context_id: theirs })).status).toBe(200);
  });

  it('the complaints form lands in the same queue, validated', async () => {
    const visitor = server.client();
    const bad = await visitor.post('/api/complaint.php', {
      name: 'Kim',
      email: 'kim@example.com',
      subject: 'x',
      text: 'short',
    });
    expect(bad.status).toBe(422);
    const invalid = await visitor.post('/api/complaint.php', {
      name: 'Kim',
      email: 'kim@',
      subject: 'https://alpha.test/members/5',
      text: 'This profile uses my photos without my consent.',
    });
    expect(invalid.body.error).toBe('invalid_email');
    const ok = await visitor.post<{ report_id: number }>('/api/complaint.php', {
      name: 'Kim',
      email: 'kim@example.com',
      subject: 'https://alpha.test/members/5',
      text: 'This profile uses my photos without my consent.',
    });
    expect(ok.status).toBe(200);
    const row = await server.services.db
      .selectFrom('reports')
      .selectAll()
      .where('id', '=', ok.body.report_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      context: 'complaint',
      reported_id: null,
      subject: 'https://alpha.test/members/5',
      status: 'open',
    });
  });
});

describe('decisions and bans', () => {
  it('a ban takes effect on the next request: the profile disappears everywhere and the session ends with account_banned', async () => {
    const [viewer, reported] = [await activeMember(), await activeMember()];
    await reported.browser.put('/api/user.php', { language: 'nl' });
    // Before: the viewer finds the member in search, on their page, in likes and in chats.
    await reported.browser.post('/api/like.php', { profile_id: viewer.id });
    await reported.browser.post('/api/message.php', { profile_id: viewer.id, text: 'hi' });
    const seen = async () => {
      const [search, page, likes, chats] = await Promise.all([
        viewer.browser.get<{ profiles: { id: number }[] }>('/api/members.php?per_page=100'),
        viewer.browser.get(`/api/member.php?id=${reported.id}`),
        viewer.browser.get<{ liked_by: { id: number }[]; profiles: { id: number }[] }>('/api/likes.php'),
        viewer.browser.get<{ chats: { profile: { id: number } }[] }>('/api/chats.php'),
      ]);
      return {
        search: search.body.profiles.some((p) => p.id === reported.id),
        page: page.status,
        likes:
          likes.body.liked_by.some((p) => p.id === reported.id) ||
          likes.body.profiles.some((p) => p.id === reported.id),
        chats: chats.body.chats.some((c) => c.profile.id === reported.id),
      };
    };
    expect(await seen()).toEqual({ search: true, page: 200, likes: true, chats: true });

    const report = await reportOf(viewer.browser, reported.id, { reason: 'spam_scam' });
    const second = await reportOf(server.client(), reported.id, { email: 'second@example.com' });
    const before = server.outbox().length;
    const result = await decideReport(server.services, {
      reportId: report.body.report_id,
      decision: 'ban',
      ground: 'terms_spam',
      facts: 'The member sent the same advertising link to many members.',
      decidedBy: null,
    });
    expect(result.alsoClosed).toEqual([second.body.report_id]);

    expect(await seen()).toEqual({ search: false, page: 404, likes: false, chats: false });
    const next = await reported.browser.get('/api/user.php');
    expect(next.status).toBe(403);
    expect(next.body.error).toBe('account_banned');
    expect(next.body.message).toBe(server.services.translate('nl', 'errors:account_banned'));
    // The session has ended: afterwards the browser is a visitor's.
    expect((await reported.browser.get('/api/user.php')).body).toEqual({ user: null });
    const login = await server
      .client()
      .post('/api/user.php', { email: reported.email, password: validSignup().password });
    expect(login.body.error).toBe('account_banned');

    // Statement of reasons in the member's language; both reporters hear the outcome.
    const statement = unfold(mailsTo(reported.email, before)[0]!);
    expect(statement).toContain(server.services.translate('nl', 'mail:decision.ban'));
    expect(statement).toContain('The member sent the same advertising link to many members.');
    expect(statement).toContain(server.services.translate('nl', 'mail:ground.terms_spam'));
    expect(statement).toContain(`${'https://alpha.test/complaints'}`);
    expect(unfold(mailsTo(viewer.email, before)[0]!)).toContain(
      server.services.translate('en', 'mail:report_outcome.action', { reference: report.body.report_id }),
    );
    expect(mailsTo('second@example.com', before)).toHaveLength(1);

    // Unbanned, the member logs in again and shows again.
    expect(await unbanMember(server.services, reported.id)).toBe(true);
    const again = await reported.browser.post('/api/user.php', {
      email: reported.email,
      password: validSignup().password,
    });
    expect(again.status).toBe(200);
    expect((await seen()).page).toBe(200);
  });

  it('every device of a banned member sees the ban once', async () => {
    const member = await activeMember();
    const laptop = server.client();
    await laptop.post('/api/user.php', { email: member.email, password: validSignup().password });
    await banMember(server.services, { memberId: member.id, ground: 'terms_general', facts: 'Repeated breaches.' });
    expect((await member.browser.get('/api/likes.php')).body.error).toBe('account_banned');
    expect((await laptop.get('/api/user.php')).body.error).toBe('account_banned');
  });

  it('a suspension answers account_suspended with its end, and ends by itself', async () => {
    const [reporter, reported] = [await activeMember(), await activeMember()];
    const report = await reportOf(reporter.browser, reported.id, { reason: 'harassment' });
    const before = server.outbox().length;
    await decideReport(server.services, {
      reportId: report.body.report_id,
      decision: 'suspend',
      ground: 'terms_harassment',
      facts: 'Insulting messages.',
      decidedBy: null,
      suspendDays: 3,
    });
    const next = await reported.browser.get('/api/user.php');
    expect(next.body).toMatchObject({ error: 'account_suspended' });
    expect(next.body.until).toBeTruthy();
    expect(unfold(mailsTo(reported.email, before)[0]!)).toContain('Insulting messages.');
    await runLiftSuspensionJob(server.services, reported.id);
    expect((await reporter.browser.get(`/api/member.php?id=${reported.id}`)).status).toBe(404);
    server.advance(3 * 86_400_000 + 1000);
    await runLiftSuspensionJob(server.services, reported.id);
    expect((await reporter.browser.get(`/api/member.php?id=${reported.id}`)).status).toBe(200);
  });

  it('a warning only mails the statement; no action mails only the reporter; a decided report cannot be decided again', async () => {
    const [reporter, reported] = [await activeMember(), await activeMember()];
    const first = await reportOf(reporter.browser, reported.id);
    let before = server.outbox().length;
    await decideReport(server.services, {
      reportId: first.body.report_id,
      decision: 'no_action',
      ground: 'terms_general',
      facts: 'The photos are the member’s own.',
      decidedBy: null,
    });
    expect(mailsTo(reported.email, before)).toHaveLength(0);
    expect(unfold(mailsTo(reporter.email, before)[0]!)).toContain(
      server.services.translate('en', 'mail:report_outcome.no_action', { reference: first.body.report_id }),
    );
    await expect(
      decideReport(server.services, {
        reportId: first.body.report_id,
        decision: 'ban',
        ground: 'terms_general',
        facts: 'x',
        decidedBy: null,
      }),
    ).rejects.toMatchObject({ code: 'not_found' });

    const second = await reportOf(reporter.browser, reported.id, { reason: 'harassment' });
    before = server.outbox().length;
    await decideReport(server.services, {
      reportId: second.body.report_id,
      decision: 'warn',
      ground: 'terms_harassment',
      facts: 'A rude message.',
      decidedBy: null,
    });
    expect(unfold(mailsTo(reported.email, before)[0]!)).toContain(
      server.services.translate('en', 'mail:decision.warn'),
    );
    expect((await reported.browser.get('/api/user.php')).status).toBe(200);
  });
});
