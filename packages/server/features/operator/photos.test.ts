import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../test/test-server.ts';
import { activeMember, uploadPhoto } from './test-members.ts';
import { startServerWithOperators, type TestOperator } from './test-operators.ts';

let server: TestServer;
let moderator: TestOperator;

beforeAll(async () => {
  ({
    server,
    operators: { moderator },
  } = await startServerWithOperators(['moderator']));
}, 30_000);

afterAll(async () => {
  await server.close();
});

async function auditActions(photoId: number) {
  return server.services.db
    .selectFrom('operator_audit')
    .select(['action', 'operator_email', 'reason'])
    .where('target_type', '=', 'photo')
    .where('target_id', '=', String(photoId))
    .execute();
}

describe('photo queue', () => {
  it('lists the oldest first, shows the full image, approves and rejects with a reason, tells the member', async () => {
    const member = await activeMember(server, { email: 'queue-member@example.com' });
    await server.services.db.updateTable('users').set({ language: 'de' }).where('id', '=', member.id).execute();
    const first = await uploadPhoto(member.browser, '#a33');
    const second = await uploadPhoto(member.browser, '#3a3');

    const queue = await moderator.browser.get<{ photos: { id: number; url: string; member_id: number }[] }>(
      '/api/operator/photos',
    );
    expect(queue.status).toBe(200);
    expect(queue.body.photos.map((p) => p.id)).toEqual([first, second]);
    const image = await moderator.browser.get(queue.body.photos[0]!.url);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('private, no-store');

    const outboxBefore = server.outbox().length;
    const approved = await moderator.browser.post(`/api/operator/photos/${first}/approve`, {});
    expect(approved.status, approved.text).toBe(200);
    const approvedMail = server.outbox().at(-1)!;
    expect(approvedMail).toContain('queue-member@example.com');
    expect(approvedMail).toMatch(/freigegeben/);

    const badReason = await moderator.browser.post(`/api/operator/photos/${second}/reject`, { reason: 'ugly' });
    expect(badReason.status).toBe(422);
    const rejected = await moderator.browser.post(`/api/operator/photos/${second}/reject`, {
      reason: 'contact_details',
    });
    expect(rejected.status, rejected.text).toBe(200);
    expect(server.outbox().length).toBe(outboxBefore + 2);
    expect(server.outbox().at(-1)!).toMatch(/Kontaktdaten/);

    const photos = await server.services.db
      .selectFrom('photos')
      .select(['id', 'status'])
      .where('profile_id', '=', member.id)
      .execute();
    expect(photos).toEqual([{ id: first, status: 'active' }]);
    expect((await moderator.browser.get('/api/operator/photos')).body.photos).toEqual([]);
    // A decided photo is not in the queue any more.
    expect((await moderator.browser.post(`/api/operator/photos/${first}/approve`, {})).status).toBe(404);

    expect(await auditActions(first)).toEqual([
      { action: 'photo.approve', operator_email: moderator.email, reason: null },
    ]);
    expect(await auditActions(second)).toEqual([
      { action: 'photo.reject', operator_email: moderator.email, reason: 'contact_details' },
    ]);
  });
});
