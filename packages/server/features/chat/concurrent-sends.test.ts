import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMembersWithSessions } from '../../test/seed-members.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import type { TestClient } from '../../test/http-client.ts';

let server: TestServer;
let ids: number[];
let browsers: TestClient[];

/** `count` paying members with credits, logged in: their ids and a browser holding each one's session. */
async function sendersWithBrowsers(count: number, emailPrefix: string) {
  const seeded = await seedMembersWithSessions(server.services.db, {
    brand: 'alpha.test',
    count,
    emailPrefix,
    isSender: () => true,
  });
  const clients = seeded.cookies.map((cookie) => {
    const browser = server.client();
    const [name, value] = cookie.split('=');
    browser.cookies.set(name!, value!);
    return browser;
  });
  return { ids: seeded.ids, browsers: clients };
}

beforeAll(async () => {
  server = await startTestServer();
  ({ ids, browsers } = await sendersWithBrowsers(6, 'concurrent'));
});
afterAll(() => server.close());

describe('concurrent sends', () => {
  it('answer every send while members write to one who writes back at the same time', async () => {
    // Everyone writes to the first member while she writes to the second. A send locks its sender's
    // account (credits) and then its members' events; with the account locked FOR UPDATE, another
    // send's foreign-key check on that account waited behind it while holding the events' lock it
    // wanted: PostgreSQL broke the cycle by failing one of them (500 "deadlock detected").
    const [first, second] = ids as [number, number];
    const sends = Array.from({ length: 12 }, (_, round) =>
      browsers.map((browser, i) =>
        browser.post('/api/message.php', { profile_id: i === 0 ? second : first, text: `round ${round}` }),
      ),
    ).flat();
    const statuses = (await Promise.all(sends)).map((res) => res.status);
    expect(statuses.filter((status) => status !== 201)).toEqual([]);
  });
});

describe('first messages that cross', () => {
  it('start one conversation per pair, holding both messages, when two members write to each other at once', async () => {
    // Twelve pairs, each writing its first messages to each other at the same moment: on PostgreSQL
    // both sends may find no conversation yet and insert one, and the second meets conversations_pair
    // (it waits for the first and sends into that one). More pairs, more chances to cross.
    const { ids: members, browsers: clients } = await sendersWithBrowsers(24, 'crossing');
    const pairs = Array.from({ length: 12 }, (_, i) => [2 * i, 2 * i + 1] as const);
    const sends = pairs.flatMap(([a, b]) => [
      clients[a]!.post('/api/message.php', { profile_id: members[b], text: 'hello first' }),
      clients[b]!.post('/api/message.php', { profile_id: members[a], text: 'hello second' }),
    ]);
    expect((await Promise.all(sends)).map((res) => res.status).filter((status) => status !== 201)).toEqual([]);
    for (const [a, b] of pairs) {
      const [low, high] = [members[a]!, members[b]!].sort((x, y) => x - y) as [number, number];
      const conversations = await server.services.db
        .selectFrom('conversations')
        .select('id')
        .where('member_a', '=', low)
        .where('member_b', '=', high)
        .execute();
      expect(conversations).toHaveLength(1);
      const messages = await server.services.db
        .selectFrom('messages')
        .select('body')
        .where('conversation_id', '=', conversations[0]!.id)
        .execute();
      expect(messages.map((m) => m.body).sort()).toEqual(['hello first', 'hello second']);
    }
  });
});
