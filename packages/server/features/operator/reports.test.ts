import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../test/test-server.ts';
import { activeMember } from './test-members.ts';
import { startServerWithOperators, type TestOperator } from './test-operators.ts';

let server: TestServer;
let moderator: TestOperator;
let support: TestOperator;

beforeAll(async () => {
  ({
    server,
    operators: { moderator, support },
  } = await startServerWithOperators(['moderator', 'support']));
}, 30_000);

afterAll(async () => {
  await server.close();
});

const audit = (action: string) =>
  server.services.db
    .selectFrom('operator_audit')
    .select(['action', 'operator_email', 'target_type', 'target_id', 'reason', 'details'])
    .where('action', '=', action)
    .execute();

describe('the report queue in the console', () => {
  it('lists open reports oldest first; a ban decision bans the member, closes their reports and is audited', async () => {
    const reporter = await activeMember(server, { email: 'op-reporter@example.com' });
    const offender = await activeMember(server, { email: 'op-offender@example.com', name: 'Offender' });
    const report = (reason: string) =>
      reporter.browser.post<{ report_id: number }>('/api/report.php', {
        reported_id: offender.id,
        context: 'profile',
        reason,
      });
    const first = (await report('spam_scam')).body.report_id;
    const second = (await report('harassment')).body.report_id;

    expect((await support.browser.get('/api/operator/reports')).body.error).toBe('operator_forbidden');
    const queue = await moderator.browser.get<{
      reports: { id: number; reported: { id: number; name: string }; open_about_member: number }[];
    }>('/api/operator/reports');
    expect(queue.status).toBe(200);
    expect(queue.body.reports.map((r) => r.id)).toEqual([first, second]);
    expect(queue.body.reports[0]).toMatchObject({
      reported: { id: offender.id, name: 'Offender' },
      open_about_member: 2,
    });

    const bad = await moderator.browser.post(`/api/operator/reports/${first}/decide`, {
      decision: 'ban',
      ground: 'terms_spam',
      facts: '',
    });
    expect(bad.status).toBe(422);
    const decided = await moderator.browser.post<{ also_closed: number[] }>(`/api/operator/reports/${first}/decide`, {
      decision: 'ban',
      ground: 'terms_spam',
      facts: 'Advertising links to many members.',
    });
    expect(decided.status).toBe(200);
    expect(decided.body.also_closed).toEqual([second]);
    expect((await moderator.browser.get<{ reports: unknown[] }>('/api/operator/reports')).body.reports).toEqual([]);
    expect((await offender.browser.get('/api/user.php')).body.error).toBe('account_banned');
    const [row] = await audit('report.ban');
    expect(row).toMatchObject({
      operator_email: moderator.email,
      target_type: 'member',
      target_id: String(offender.id),
      reason: 'Advertising links to many members.',
    });
    expect(JSON.parse(row!.details!)).toMatchObject({ report_id: first, ground: 'terms_spam', also_closed: [second] });
    const stored = await server.services.db
      .selectFrom('reports')
      .select(['status', 'decided_by'])
      .where('id', '=', first)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: 'decided', decided_by: moderator.id });
  });

  it('bans and unbans from the member page, audited; support may not', async () => {
    const member = await activeMember(server, { email: 'op-ban@example.com' });
    const body = { ground: 'terms_fake_profile', facts: 'Photos of a model agency.' };
    expect((await support.browser.post(`/api/operator/members/${member.id}/ban`, body)).status).toBe(403);
    expect((await moderator.browser.post('/api/operator/members/999999/ban', body)).status).toBe(404);
    const before = server.outbox().length;
    expect((await moderator.browser.post(`/api/operator/members/${member.id}/ban`, body)).status).toBe(200);
    expect(
      server
        .outbox()
        .slice(before)
        .some((eml) => eml.includes('To: op-ban@example.com')),
    ).toBe(true);
    expect((await member.browser.get('/api/user.php')).body.error).toBe('account_banned');
    expect(await audit('member.ban')).toMatchObject([
      { target_id: String(member.id), reason: 'Photos of a model agency.' },
    ]);

    const unban = await moderator.browser.post(`/api/operator/members/${member.id}/unban`, {
      reason: 'Proved identity.',
    });
    expect(unban.status).toBe(200);
    expect((await moderator.browser.post(`/api/operator/members/${member.id}/unban`, { reason: 'again' })).status).toBe(
      404,
    );
    expect(await audit('member.unban')).toMatchObject([{ target_id: String(member.id), reason: 'Proved identity.' }]);
    const login = await server
      .client()
      .post('/api/user.php', { email: 'op-ban@example.com', password: 'correct horse battery' });
    expect(login.status).toBe(200);
  });
});
