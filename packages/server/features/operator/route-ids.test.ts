import { routeIdSchema } from '@datekit/runtime/schemas/api/route-id';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../test/test-server.ts';
import { activeMember } from './test-members.ts';
import { startServerWithOperators, type TestOperator } from './test-operators.ts';

let server: TestServer;
let owner: TestOperator;

beforeAll(async () => {
  ({
    server,
    operators: { owner },
  } = await startServerWithOperators(['owner']));
}, 30_000);

afterAll(async () => {
  await server.close();
});

/** Spellings that `z.coerce.number()` read as `id`, as they appear in a path (URL-encoded). */
const lookalikes = (id: number) => [
  `0x${id.toString(16)}`,
  `${id}e0`,
  `${id}.0`,
  `%20${id}`,
  `${id}%20`,
  `0${id}`,
  `+${id}`,
  `0b${id.toString(2)}`,
];

describe('route ids', () => {
  it('are strict decimal integers', () => {
    for (const id of ['16', 16, '2147483647']) expect(routeIdSchema.safeParse(id).success, String(id)).toBe(true);
    for (const id of ['0x10', '16e0', '16.0', ' 16', '16 ', '016', '+16', '0', '-16', '', '2147483648', 16.5, 0])
      expect(routeIdSchema.safeParse(id).success, JSON.stringify(id)).toBe(false);
  });

  it('an operator action on a look-alike of a member id reaches no member', async () => {
    const member = await activeMember(server);
    const balance = async () =>
      (await owner.browser.get<{ member: { balance: number } }>(`/api/operator/members/${member.id}`)).body.member
        .balance;
    const before = await balance();
    for (const id of lookalikes(member.id)) {
      const base = `/api/operator/members/${id}`;
      expect((await owner.browser.get(base)).status, id).toBe(404);
      const notes = await owner.browser.post(`${base}/notes`, { body: 'wrong member' });
      expect(notes.status, id).toBe(404);
      const credits = await owner.browser.post(`${base}/credits`, { amount: 50, reason: 'wrong member' });
      expect(credits.status, id).toBe(404);
      const ban = await owner.browser.post(`${base}/ban`, { ground: 'terms_harassment', facts: 'wrong member' });
      expect(ban.status, id).toBe(404);
      const unban = await owner.browser.post(`${base}/unban`, { reason: 'wrong member' });
      expect(unban.status, id).toBe(404);
    }
    const detail = await owner.browser.get<{ member: { status: string }; notes: unknown[]; sanction: unknown }>(
      `/api/operator/members/${member.id}`,
    );
    expect(detail.body.member.status).toBe('active');
    expect(detail.body.notes).toEqual([]);
    expect(detail.body.sanction).toBeNull();
    expect(await balance()).toBe(before);
    // The plain id still works.
    expect((await owner.browser.post(`/api/operator/members/${member.id}/notes`, { body: 'right one' })).status).toBe(
      200,
    );
  });

  it("a member's query ids are strict too", async () => {
    const a = await activeMember(server);
    const b = await activeMember(server);
    expect((await a.browser.get(`/api/member.php?id=${b.id}`)).status).toBe(200);
    for (const id of lookalikes(b.id)) {
      const res = await a.browser.get(`/api/member.php?id=${id}`);
      expect(res.status, id).toBe(422);
    }
  });
});
