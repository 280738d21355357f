import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sanctionMember } from '../features/reports/sanctions.ts';
import { EVENT_LOCK_CLASS } from './event-store.ts';
import { activeMember, suspendThroughReport } from '../features/operator/test-members.ts';
import { OPERATOR_HOST, signedInOperator, type TestOperator } from '../features/operator/test-operators.ts';
import { openEventStream, type EventStream } from '../test/event-stream.ts';
import { TestClient } from '../test/http-client.ts';
import { startTwoInstances } from '../test/two-instances.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';

let server: TestServer;
let moderator: TestOperator;

beforeAll(async () => {
  server = await startTestServer();
  moderator = await signedInOperator(server, 'moderator');
}, 30_000);
afterAll(() => server.close());

/** Proves a stream is still open: a like from someone new arrives on it. */
async function stillOpen(tab: EventStream, memberId: number): Promise<void> {
  const liker = await activeMember(server);
  expect((await liker.browser.post('/api/like.php', { profile_id: memberId })).status).toBeLessThan(300);
  expect((await tab.next('like')).data).toEqual({ type: 'like', profile_id: liker.id });
  expect(tab.isEnded()).toBe(false);
}

describe('a ban or suspension ends the member’s open event streams', () => {
  it('an operator’s ban ends every open stream of the member at once; another member’s stays open', async () => {
    const [banned, other] = [await activeMember(server), await activeMember(server)];
    const tabs = [await openEventStream(banned.browser), await openEventStream(banned.browser)];
    const otherTab = await openEventStream(other.browser);
    try {
      const ban = await moderator.browser.post(`/api/operator/members/${banned.id}/ban`, {
        ground: 'terms_spam',
        facts: 'Spam links.',
      });
      expect(ban.status, ban.text).toBe(200);
      for (const tab of tabs) {
        expect((await tab.next('session-ended')).data).toEqual({ type: 'session-ended' });
        await tab.ended;
      }
      await stillOpen(otherTab, other.id);
      // The next request of the banned member is answered with the ban, a new stream too.
      await expect(openEventStream(banned.browser)).rejects.toThrow(/answered 403/);
    } finally {
      [...tabs, otherTab].forEach((t) => t.close());
    }
  });

  it('a suspension decided on a report ends the stream too', async () => {
    const [reporter, suspended] = [await activeMember(server), await activeMember(server)];
    const tab = await openEventStream(suspended.browser);
    try {
      await suspendThroughReport(reporter.browser, moderator.browser, suspended.id, { facts: 'Insults.', days: 3 });
      await tab.next('session-ended');
      await tab.ended;
      expect((await suspended.browser.get('/api/user.php')).body.error).toBe('account_suspended');
    } finally {
      tab.close();
    }
  });

  // PostgreSQL alone can hold the window open: a lock on the events table stops the stream after its
  // session check, while the ban commits. SQLite runs one query at a time, yet the window is the same.
  it.runIf(process.env.DATEKIT_TEST_DB === 'postgres')(
    'a ban that commits between the stream’s session check and its starting point still refuses the stream',
    async () => {
      const m = await activeMember(server);
      const { db, events } = server.services;
      const { opening } = await db.transaction().execute(async (trx) => {
        // The member's event lock first, as recordEvents takes it: a write of this server's that holds
        // it waits here, and never holds it while it waits for the table.
        await sql`select pg_advisory_xact_lock(${EVENT_LOCK_CLASS}, ${m.id})`.execute(trx);
        await sql`lock table member_events in access exclusive mode`.execute(trx);
        const answer = openEventStream(m.browser).then(
          (tab) => (tab.close(), 'opened'),
          (error: Error) => error.message,
        );
        await waitForLockWaiter();
        await sanctionMember(trx, events, { memberId: m.id, sanction: 'ban', now: server.services.now() });
        // Wrapped: a promise returned as such would be awaited before the commit it waits for.
        return { opening: answer };
      });
      // Without the second check the stream opened after the ban's `session-ended` and stayed open.
      expect(await opening).toMatch(/answered 403/);
    },
  );

  /** Resolves once the stream's opening statement (readStreamStart) waits for the lock on member_events. */
  async function waitForLockWaiter(): Promise<void> {
    for (;;) {
      const { rows } = await sql<{ waiting: string }>`
        select count(*) as waiting from pg_locks l join pg_stat_activity a on a.pid = l.pid
        where not l.granted and l.relation = 'member_events'::regclass
          and a.query like '%with opening as%'`.execute(server.services.db);
      if (Number(rows[0]!.waiting) > 0) return;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  it('once the member is let back in, a tab resuming from before the ban is not ended again', async () => {
    const m = await activeMember(server);
    const tab = await openEventStream(m.browser);
    const before = tab.lastEventId()!;
    await moderator.browser.post(`/api/operator/members/${m.id}/ban`, { ground: 'terms_general', facts: 'Mistake.' });
    await tab.ended;
    expect(
      (await moderator.browser.post(`/api/operator/members/${m.id}/unban`, { reason: 'wrong member' })).status,
    ).toBe(200);
    const login = await m.browser.post('/api/user.php', { email: m.email, password: 'correct horse battery' });
    expect(login.status, login.text).toBe(200);
    const resumed = await openEventStream(m.browser, undefined, { lastEventId: before });
    try {
      await stillOpen(resumed, m.id);
      expect(resumed.received.map((e) => e.type)).not.toContain('session-ended');
    } finally {
      resumed.close();
    }
  });
});

describe('ending sessions ends the event streams of those sessions', () => {
  /** The member signed in a second time, from another browser. */
  async function secondDevice(m: { email: string }) {
    const browser = server.client('alpha.test');
    const login = await browser.post('/api/user.php', { email: m.email, password: 'correct horse battery' });
    expect(login.status, login.text).toBe(200);
    return browser;
  }

  it('“sign out everywhere else” ends the other device’s stream; this device’s stays open', async () => {
    const m = await activeMember(server);
    const phone = await secondDevice(m);
    const [here, there] = [await openEventStream(m.browser), await openEventStream(phone)];
    try {
      const res = await m.browser.post<{ ended: number }>('/api/sessions-end.php', {});
      // At least the phone's (signing up and activating may have left an older one of this browser).
      expect(res.body.ended).toBeGreaterThanOrEqual(1);
      await there.next('session-ended');
      await there.ended;
      await stillOpen(here, m.id);
      expect(here.received.map((e) => e.type)).not.toContain('session-ended');
    } finally {
      here.close();
      there.close();
    }
  });

  it('a password change ends the other device’s stream', async () => {
    const m = await activeMember(server);
    const phone = await secondDevice(m);
    const there = await openEventStream(phone);
    try {
      const res = await m.browser.put('/api/password.php', {
        old_password: 'correct horse battery',
        password: 'a brand new passphrase 7',
        password_repeat: 'a brand new passphrase 7',
      });
      expect(res.status, res.text).toBe(200);
      await there.next('session-ended');
      await there.ended;
    } finally {
      there.close();
    }
  });

  it('deleting the account ends every open stream of the member', async () => {
    const m = await activeMember(server);
    const phone = await secondDevice(m);
    const tabs = [await openEventStream(m.browser), await openEventStream(phone)];
    try {
      const res = await m.browser.post('/api/account-delete.php', { password: 'correct horse battery' });
      expect(res.status, res.text).toBe(200);
      for (const tab of tabs) {
        await tab.next('session-ended');
        await tab.ended;
      }
    } finally {
      tabs.forEach((t) => t.close());
    }
  });
});

describe.runIf(process.env.DATEKIT_TEST_DB === 'postgres')('several server instances on one PostgreSQL', () => {
  it('a ban through one instance ends the member’s stream on another', async () => {
    const instances = await startTwoInstances(server.services);
    try {
      const [banned, other] = [await activeMember(server), await activeMember(server)];
      const tab = await openEventStream(banned.browser, instances.portB);
      const otherTab = await openEventStream(other.browser, instances.portB);
      try {
        const console = new TestClient(instances.portA, OPERATOR_HOST);
        for (const [k, v] of moderator.browser.cookies) console.cookies.set(k, v);
        const ban = await console.post(`/api/operator/members/${banned.id}/ban`, {
          ground: 'terms_spam',
          facts: 'Spam across instances.',
        });
        expect(ban.status, ban.text).toBe(200);
        await tab.next('session-ended');
        await tab.ended;
        expect(otherTab.isEnded()).toBe(false);
      } finally {
        tab.close();
        otherTab.close();
      }
    } finally {
      await instances.close();
    }
  });
});
