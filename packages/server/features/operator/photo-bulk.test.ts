import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../test/test-server.ts';
import { activeMember, uploadPhoto } from './test-members.ts';
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

type Queue = {
  photos: {
    id: number;
    member_id: number;
    age: number | null;
    other_photos: { id: number; status: string }[];
    earlier_rejections: number;
    reports: { total: number; open: number };
  }[];
  total: number;
  next_after: number | null;
};
type Results = { results: { id: number; outcome: string }[] };

const auditRows = (ids: number[]) =>
  server.services.db
    .selectFrom('operator_audit')
    .select(['action', 'target_id', 'reason', 'operator_email'])
    .where('target_type', '=', 'photo')
    .where(
      'target_id',
      'in',
      ids.map((id) => String(id)),
    )
    .orderBy('id')
    .execute();

describe('photo queue with context and bulk decisions', () => {
  it("pages the queue with each member's age, other photos, earlier rejections and reports", async () => {
    const member = await activeMember(server, { birth_date: '1990-06-15' });
    const reporter = await activeMember(server);
    const rejectedBefore = await uploadPhoto(member.browser, '#111');
    expect(
      (await moderator.browser.post(`/api/operator/photos/${rejectedBefore}/reject`, { reason: 'poor_quality' }))
        .status,
    ).toBe(200);
    const photos = [
      await uploadPhoto(member.browser, '#a33'),
      await uploadPhoto(member.browser, '#3a3'),
      await uploadPhoto(member.browser, '#33a'),
    ];
    await reporter.browser.post('/api/report.php', {
      reported_id: member.id,
      context: 'profile',
      reason: 'harassment',
    });

    const first = await moderator.browser.get<Queue>('/api/operator/photos?limit=2');
    expect(first.status, first.text).toBe(200);
    expect(first.body.total).toBe(3);
    expect(first.body.photos.map((p) => p.id)).toEqual(photos.slice(0, 2));
    expect(first.body.next_after).toBe(photos[1]);
    const photo = first.body.photos[0]!;
    expect(photo.age).toBeGreaterThanOrEqual(35);
    expect(photo.other_photos.map((p) => p.id).sort()).toEqual(photos.slice(1).sort());
    expect(photo.earlier_rejections).toBe(1);
    expect(photo.reports).toEqual({ total: 1, open: 1 });

    const second = await moderator.browser.get<Queue>(`/api/operator/photos?limit=2&after=${first.body.next_after}`);
    expect(second.body.photos.map((p) => p.id)).toEqual([photos[2]]);
    expect(second.body.next_after).toBeNull();

    expect((await moderator.browser.get('/api/operator/photos?limit=0')).status).toBe(422);
    expect((await moderator.browser.get('/api/operator/photos?limit=101')).status).toBe(422);
    await moderator.browser.post('/api/operator/photos/decide', { ids: photos, decision: 'approve' });
  });

  it('approves several photos in one request, audits each, answers per photo and never acts twice', async () => {
    const member = await activeMember(server, { email: 'bulk-member@example.com' });
    const a = await uploadPhoto(member.browser, '#a33');
    const b = await uploadPhoto(member.browser, '#3a3');
    const outbox = server.outbox().length;

    const body = { ids: [a, b, 999_999], decision: 'approve' };
    const done = await moderator.browser.post<Results>('/api/operator/photos/decide', body);
    expect(done.status, done.text).toBe(200);
    expect(done.body.results).toEqual([
      { id: a, outcome: 'approved' },
      { id: b, outcome: 'approved' },
      { id: 999_999, outcome: 'not_found' },
    ]);
    expect(server.outbox().length).toBe(outbox + 2);
    const statuses = await server.services.db
      .selectFrom('photos')
      .select(['id', 'status'])
      .where('id', 'in', [a, b])
      .orderBy('id')
      .execute();
    expect(statuses).toEqual([
      { id: a, status: 'active' },
      { id: b, status: 'active' },
    ]);

    // The same request again (a retry, a second click): nothing changes, no audit row, no mail.
    const again = await moderator.browser.post<Results>('/api/operator/photos/decide', body);
    expect(again.status).toBe(200);
    expect(again.body.results.map((r) => r.outcome)).toEqual(['already_decided', 'already_decided', 'not_found']);
    expect(server.outbox().length).toBe(outbox + 2);
    expect(await auditRows([a, b])).toEqual([
      { action: 'photo.approve', target_id: String(a), reason: null, operator_email: moderator.email },
      { action: 'photo.approve', target_id: String(b), reason: null, operator_email: moderator.email },
    ]);
  });

  it('rejects several photos with one reason: deleted, audited with the reason, counted as earlier rejections', async () => {
    const member = await activeMember(server);
    const a = await uploadPhoto(member.browser, '#a33');
    const b = await uploadPhoto(member.browser, '#3a3');
    const done = await moderator.browser.post<Results>('/api/operator/photos/decide', {
      ids: [a, b],
      decision: 'reject',
      reason: 'contact_details',
    });
    expect(done.status, done.text).toBe(200);
    expect(done.body.results.map((r) => r.outcome)).toEqual(['rejected', 'rejected']);
    expect(await server.services.db.selectFrom('photos').select('id').where('id', 'in', [a, b]).execute()).toEqual([]);
    expect((await auditRows([a, b])).map((r) => [r.action, r.reason])).toEqual([
      ['photo.reject', 'contact_details'],
      ['photo.reject', 'contact_details'],
    ]);
    const next = await uploadPhoto(member.browser, '#33a');
    const queue = await moderator.browser.get<Queue>('/api/operator/photos');
    expect(queue.body.photos.find((p) => p.id === next)!.earlier_rejections).toBe(2);
    await moderator.browser.post('/api/operator/photos/decide', { ids: [next], decision: 'approve' });
  });

  it('refuses bad input with 422 and other roles with 403, changing nothing', async () => {
    const member = await activeMember(server);
    const a = await uploadPhoto(member.browser, '#a33');
    for (const body of [
      { ids: [a], decision: 'reject' }, // a rejection needs its reason
      { ids: [a], decision: 'reject', reason: 'ugly' },
      { ids: [], decision: 'approve' },
      { ids: [a, a], decision: 'approve' },
      { ids: Array.from({ length: 101 }, (_, i) => i + 1), decision: 'approve' },
      { ids: ['x'], decision: 'approve' },
      { ids: [a], decision: 'maybe' },
    ]) {
      const res = await moderator.browser.post('/api/operator/photos/decide', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    expect((await support.browser.post('/api/operator/photos/decide', { ids: [a], decision: 'approve' })).status).toBe(
      403,
    );
    expect((await support.browser.get('/api/operator/photos')).status).toBe(403);
    const photo = await server.services.db
      .selectFrom('photos')
      .select('status')
      .where('id', '=', a)
      .executeTakeFirstOrThrow();
    expect(photo.status).toBe('inspection');
    expect(await auditRows([a])).toEqual([]);
  });
});
