import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETION_GRACE_DAYS } from '@datekit/runtime/rules/constants';
import { pathOf, startTestServer, validSignup, type TestServer } from '../../test/test-server.ts';
import { eraseAccount } from './erase-account.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const PASSWORD = validSignup().password as string;

async function member(n: number) {
  const browser = server.client();
  const res = await browser.post<{ user: { profile: { id: number } } }>(
    '/api/signup.php',
    validSignup({ email: `together-${n}@example.com`, name: `Together${n}` }),
  );
  await browser.get(pathOf(server.latestActivationLink()));
  return { id: res.body.user.profile.id, browser };
}

describe('erasure', () => {
  it('erases members who chatted with and liked each other side by side, without a deadlock', async () => {
    const members = [];
    for (let n = 0; n < 8; n++) members.push(await member(n));
    // Pairs that share a conversation and likes both ways: each erasure deletes rows of the other's.
    for (let i = 0; i < members.length; i += 2) {
      const [a, b] = [members[i]!, members[i + 1]!];
      await a.browser.post('/api/message.php', { profile_id: b.id, text: 'We leave together' });
      await b.browser.post('/api/message.php', { profile_id: a.id, text: 'Yes, we do' });
      await a.browser.post('/api/like.php', { profile_id: b.id });
      await b.browser.post('/api/like.php', { profile_id: a.id });
    }
    for (const m of members) {
      expect((await m.browser.post('/api/account-delete.php', { password: PASSWORD })).status).toBe(200);
    }
    server.advance(DELETION_GRACE_DAYS * 86_400_000 + 1);
    const outcomes = await Promise.all(members.map((m) => eraseAccount(server.services, m.id)));
    expect(outcomes).toEqual(members.map(() => 'erased'));
  });
});
