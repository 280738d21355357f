import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { activeMember, uploadPhoto } from './test-members.ts';
import { signedInOperator, type TestOperator } from './test-operators.ts';

let server: TestServer;
let support: TestOperator;
let moderator: TestOperator;

beforeAll(async () => {
  server = await startTestServer();
  support = await signedInOperator(server, 'support');
  moderator = await signedInOperator(server, 'moderator');
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
  sign_ins: unknown[];
};

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
    expect(bySupport.body.sign_ins.length).toBeGreaterThan(0);
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
});
