import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobRunner } from '../../jobs/handlers.ts';
import { book } from '../credits/ledger.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import { openEventStream } from '../../test/event-stream.ts';
import { presenceWritten } from '../../realtime/events.routes.ts';
import { startTestServer, validSignup, type TestServer } from '../../test/test-server.ts';
import { member, type TestMember } from '../../test/member.ts';
import { MESSAGE_MAIL_JOB, NOTIFICATION_BATCH_MS } from './mail-notifications.ts';

const SECRET = 'provider-shared-secret';
let server: TestServer;
let runner: JobRunner;
beforeAll(async () => {
  server = await startTestServer({ env: { MAIL_WEBHOOK_SECRET: SECRET } });
  runner = createJobRunner(server.services);
});
afterAll(() => server.close());

type Member = TestMember;
const notified = (language = 'en') => member(server, { label: 'Notified', language });

/** Notification mails (those with one-click unsubscribe headers) sent to the member so far. */
const notificationsTo = (m: Member) =>
  server.outbox().filter((mail) => mail.includes(`To: ${m.email}`) && mail.includes('List-Unsubscribe-Post'));

/** Moves the clock past the batching window and runs every job then due. */
async function afterWindow(): Promise<void> {
  server.advance(NOTIFICATION_BATCH_MS + 1_000);
  await runner.runDue();
}

const write = (from: Member, to: Member, text = 'Hello there') =>
  from.browser.post('/api/message.php', { profile_id: to.id, text });

function unsubscribeUrl(mail: string): URL {
  const match = /^List-Unsubscribe:\s*<([^>]+)>/m.exec(mail);
  if (!match) throw new Error(`no List-Unsubscribe header in:\n${mail}`);
  return new URL(match[1]!);
}

describe('e-mail notifications', () => {
  it('mails an offline member once per conversation and window, after the window, with one-click unsubscribe', async () => {
    const [alice, bob] = [await notified(), await notified('nl')];
    expect((await write(alice, bob, 'First')).status).toBe(201);
    expect((await write(alice, bob, 'Second')).status).toBe(201);
    await runner.runDue();
    expect(notificationsTo(bob)).toHaveLength(0);

    await afterWindow();
    const mails = notificationsTo(bob);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    // In the member's language, naming the writer, never the message itself.
    expect(mail).toMatch(/^Content-Language: nl/m);
    expect(mail).toMatch(/^Subject: Notified\d+ heeft je geschreven op Alpha Dates/m);
    expect(mail).not.toContain('Second');
    expect(mail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(mail).toContain('Content-Type: text/html');
    expect(mail).toContain('Content-Type: text/plain');
    expect(unsubscribeUrl(mail).protocol).toBe('https:');

    await afterWindow();
    expect(notificationsTo(bob)).toHaveLength(1);
    // A later message in the same conversation is a new batch (new_messages now).
    await book(server.services.db, { userId: alice.id, amount: 100, reason: 'grant', at: server.services.now() });
    expect((await write(alice, bob, 'Third')).status).toBe(201);
    await afterWindow();
    expect(notificationsTo(bob)).toHaveLength(2);
    expect(notificationsTo(bob)[1]).toMatch(/^Subject: Nieuw bericht van Notified\d+/m);
  });

  it("a message while the conversation's mail job runs is still sent, and joins no second job", async () => {
    const [alice, bob] = [await notified(), await notified()];
    await write(alice, bob, 'One');
    const key = (
      await server.services.db
        .selectFrom('jobs')
        .select('unique_key')
        .where('unique_key', 'like', `${MESSAGE_MAIL_JOB}:%:${bob.id}`)
        .executeTakeFirstOrThrow()
    ).unique_key!;
    await server.services.db.updateTable('jobs').set({ status: 'running' }).where('unique_key', '=', key).execute();
    expect((await write(alice, bob, 'Two')).status).toBe(201);
    const jobs = await server.services.db.selectFrom('jobs').select('status').where('unique_key', '=', key).execute();
    expect(jobs).toEqual([{ status: 'running' }]);
    await server.services.db.updateTable('jobs').set({ status: 'queued' }).where('unique_key', '=', key).execute();
    await afterWindow();
    expect(notificationsTo(bob)).toHaveLength(1);
  });

  it('sends nothing when the messages were read before the window ended', async () => {
    const [alice, bob] = [await notified(), await notified()];
    const sent = await write(alice, bob);
    const conversationId = (sent.body as { message: { conversation_id: number } }).message.conversation_id;
    expect((await bob.browser.get(`/api/chat.php?id=${conversationId}`)).status).toBe(200);
    await afterWindow();
    expect(notificationsTo(bob)).toHaveLength(0);
  });

  it('sends nothing when the type is off', async () => {
    const [alice, bob] = [await notified(), await notified()];
    const off = await bob.browser.put('/api/notifications.php', {
      preferences: { new_conversations: false, new_messages: false },
    });
    expect(off.status).toBe(200);
    await write(alice, bob);
    await afterWindow();
    expect(notificationsTo(bob)).toHaveLength(0);
  });

  it('sends nothing to an unconfirmed, pending-deletion or suppressed address', async () => {
    const [unconfirmed, leaving, bounced] = [await notified(), await notified(), await notified()];
    // One writer each: a free member starts at most two conversations.
    for (const to of [unconfirmed, leaving, bounced]) expect((await write(await notified(), to)).status).toBe(201);
    await server.services.db
      .updateTable('users')
      .set({ status: 'not_confirmed' })
      .where('id', '=', unconfirmed.id)
      .execute();
    const deleted = await leaving.browser.post('/api/account-delete.php', { password: validSignup().password });
    expect(deleted.status).toBe(200);
    const hook = await server.client().post(
      '/api/mail-events.php',
      { type: 'bounce', email: bounced.email },
      {
        noClientHeader: true,
        headers: { authorization: `Bearer ${SECRET}` },
      },
    );
    expect(hook.body).toEqual({ ok: true, suppressed: 1 });
    await afterWindow();
    for (const m of [unconfirmed, leaving, bounced]) expect(notificationsTo(m)).toHaveLength(0);
  });

  it('sends nothing while the member has a tab open', async () => {
    const [alice, bob] = [await notified(), await notified()];
    const tab = await openEventStream(bob.browser);
    // The tab counts as open once the heartbeat's next presence batch is written.
    await presenceWritten(server.services);
    try {
      await write(alice, bob);
      await tab.next('message');
      // The job comes due while the tab is open (its run time moved to now, the clock left as it is).
      const moved = await server.services.db
        .updateTable('jobs')
        .set({ run_at: server.services.now() })
        .where('unique_key', 'like', `${MESSAGE_MAIL_JOB}:%:${bob.id}`)
        .where('status', '=', 'queued')
        .executeTakeFirst();
      expect(Number(moved.numUpdatedRows)).toBe(1);
      await runner.runDue();
      expect(notificationsTo(bob)).toHaveLength(0);
    } finally {
      tab.close();
    }
  });

  it('mails a like, and a match to the member liked first', async () => {
    const [alice, bob] = [await notified(), await notified()];
    await alice.browser.post('/api/like.php', { profile_id: bob.id });
    await afterWindow();
    expect(notificationsTo(bob)).toHaveLength(1);
    expect(notificationsTo(bob)[0]).toMatch(/Subject: Notified\d+ likes you/);
    await bob.browser.post('/api/like.php', { profile_id: alice.id });
    await afterWindow();
    expect(notificationsTo(alice)).toHaveLength(1);
    expect(notificationsTo(alice)[0]).toMatch(/Subject: It's a match with Notified\d+/);
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  it('turns the type off without login, from another site, with reason listunsubscribe', async () => {
    const [alice, bob] = [await notified(), await notified()];
    await alice.browser.post('/api/like.php', { profile_id: bob.id });
    await afterWindow();
    const url = unsubscribeUrl(notificationsTo(bob)[0]!);
    const mailClient = server.client();

    // Opening the link shows a confirmation page; it changes nothing (link scanners open links).
    const page = await mailClient.get(url.pathname + url.search);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<form method="post"');
    expect(
      (await bob.browser.get<{ preferences: { like: boolean } }>('/api/notifications.php')).body.preferences.like,
    ).toBe(true);

    const unknownPage = await mailClient.get('/api/unsubscribe.php?token=not-a-token');
    expect(unknownPage.status).toBe(400);
    expect(unknownPage.headers['content-type']).toContain('text/html');
    expect(unknownPage.text).not.toContain('<form');

    const wrong = await mailClient.post('/api/unsubscribe.php?token=not-a-token', undefined, {
      raw: 'List-Unsubscribe=One-Click',
      noClientHeader: true,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.net' },
    });
    expect(wrong.status).toBe(400);

    const done = await mailClient.post(url.pathname + url.search, undefined, {
      raw: 'List-Unsubscribe=One-Click',
      noClientHeader: true,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://mail.example.net',
        'sec-fetch-site': 'cross-site',
      },
    });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ ok: true, type: 'like' });
    const settings = await bob.browser.get<{
      preferences: Record<string, boolean>;
      disabled: { reason: string }[];
    }>('/api/notifications.php');
    expect(settings.body.preferences.like).toBe(false);
    expect(settings.body.preferences.new_messages).toBe(true);
    expect(settings.body.disabled.map((d) => d.reason)).toEqual(['listunsubscribe']);

    // No more like mails; messages (another type) still come.
    const carol = await notified();
    await carol.browser.post('/api/like.php', { profile_id: bob.id });
    await write(carol, bob);
    await afterWindow();
    const mails = notificationsTo(bob);
    expect(mails).toHaveLength(2);
    expect(mails[1]).toMatch(/wrote to you/);
  });

  it('accepts the multipart form some mail clients send', async () => {
    const [alice, bob] = [await notified(), await notified()];
    await write(alice, bob);
    await afterWindow();
    const url = unsubscribeUrl(notificationsTo(bob)[0]!);
    const boundary = 'xyz';
    const done = await server.client().post(url.pathname + url.search, undefined, {
      raw: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
      noClientHeader: true,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(done.body).toEqual({ ok: true, type: 'new_conversations' });
  });
});

describe('bounce and complaint webhook', () => {
  const hook = (body: unknown, authorization?: string) =>
    server.client().post('/api/mail-events.php', body, {
      noClientHeader: true,
      ...(authorization ? { headers: { authorization } } : {}),
    });

  it('refuses a missing or wrong secret and changes nothing', async () => {
    const bob = await notified();
    expect((await hook({ type: 'complaint', email: bob.email })).status).toBe(403);
    expect((await hook({ type: 'complaint', email: bob.email }, `Bearer ${SECRET}x`)).status).toBe(403);
    expect((await hook({ type: 'complaint', email: bob.email }, SECRET)).status).toBe(403);
    const settings = await bob.browser.get<{ disabled: unknown[] }>('/api/notifications.php');
    expect(settings.body.disabled).toEqual([]);
  });

  it('suppresses mail with reason fbl on a complaint, bounce on a bounce', async () => {
    const [bob, carol] = [await notified(), await notified()];
    expect((await hook({ type: 'complaint', email: bob.email.toUpperCase() }, `Bearer ${SECRET}`)).body).toEqual({
      ok: true,
      suppressed: 1,
    });
    await hook({ type: 'bounce', email: carol.email }, `Bearer ${SECRET}`);
    const reasons = async (m: Member) =>
      (await m.browser.get<{ disabled: { reason: string }[] }>('/api/notifications.php')).body.disabled.map(
        (d) => d.reason,
      );
    expect(await reasons(bob)).toEqual(['fbl']);
    expect(await reasons(carol)).toEqual(['bounce']);
    expect((await hook({ type: 'bounce', email: 'nobody@example.com' }, `Bearer ${SECRET}`)).body).toEqual({
      ok: true,
      suppressed: 0,
    });
    expect((await hook({ type: 'spam', email: bob.email }, `Bearer ${SECRET}`)).status).toBe(422);
  });

  it('refuses everything when no secret is configured', async () => {
    const other = await startTestServer();
    try {
      const res = await other.client().post(
        '/api/mail-events.php',
        { type: 'bounce', email: 'a@example.com' },
        {
          noClientHeader: true,
          headers: { authorization: 'Bearer ' },
        },
      );
      expect(res.status).toBe(403);
    } finally {
      await other.close();
    }
  });
});
