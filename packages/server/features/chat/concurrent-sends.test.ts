import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMembersWithSessions } from '../../test/seed-members.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import type { TestClient } from '../../test/http-client.ts';

let server: TestServer;
let ids: number[];
let browsers: TestClient[];
beforeAll(async () => {
  server = await startTestServer();
  const seeded = await seedMembersWithSessions(server.services.db, {
    brand: 'alpha.test',
    count: 6,
    emailPrefix: 'concurrent',
    isSender: () => true,
  });
  ids = seeded.ids;
  browsers = seeded.cookies.map((cookie) => {
    const browser = server.client();
    const [name, value] = cookie.split('=');
    browser.cookies.set(name!, value!);
    return browser;
  });
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
