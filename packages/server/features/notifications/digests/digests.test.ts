import { COUNTRY_CODES } from '@datekit/runtime/data/countries';
import { wallClockAt } from '@datekit/runtime/rules/daily';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobRunner, scheduleRecurringJobs } from '../../../jobs/handlers.ts';
import { everyMondayAt } from '../../../jobs/recurring.ts';
import type { JobRunner } from '../../../jobs/runner.ts';
import { startTestServer, validSignup, type TestServer } from '../../../test/test-server.ts';
import { member, type TestMember } from '../../../test/member.ts';
import { markStreamsSeen } from '../presence.ts';
import { sweepUnreadReminders, UNREAD_REMINDER_SWEEP } from './unread-reminders.ts';
import { countriesDue, sweepWeeklyUpdates, WEEKLY_UPDATE_SWEEP } from './weekly-updates.ts';
import { HOUR_MS } from '@datekit/runtime/rules/time';

const SECRET = 'provider-shared-secret';
let server: TestServer;
let runner: JobRunner;
beforeAll(async () => {
  server = await startTestServer({ env: { MAIL_WEBHOOK_SECRET: SECRET } });
  // The instance starts: the sweeps are queued for their first slot.
  await scheduleRecurringJobs(server.services);
  runner = createJobRunner(server.services);
});
afterAll(() => server.close());

type Member = TestMember;
const reader = (language = 'en', signup: Record<string, unknown> = {}) =>
  member(server, { label: 'Digest', language, signup });

/** The mails to the member with that subject, quoted-printable soft line breaks undone. */
const mailsTo = (m: Member, subject: RegExp) =>
  server
    .outbox()
    .filter((mail) => mail.includes(`To: ${m.email}`) && subject.test(mail))
    .map((mail) => mail.replace(/=\r?\n/g, ''));
const REMINDER = /^Subject: (Messages are waiting for you|Er wachten berichten op je)/m;
const WEEKLY = /^Subject: (Your week on|Jouw week op)/m;

const write = async (from: Member, to: Member, text = 'Hello there') =>
  expect((await from.browser.post('/api/message.php', { profile_id: to.id, text })).status).toBe(201);

/** Moves the clock and runs every job then due (the recurring sweeps among them), as a running instance would. */
async function advance(ms: number, by: JobRunner = runner): Promise<void> {
  server.advance(ms);
  await by.runDue();
}

/** Moves the clock to just past the next weekly sweep and runs what is due. */
async function toNextWeeklySweep(by: JobRunner = runner): Promise<void> {
  const now = server.services.now();
  await advance(everyMondayAt(8)(now) - now + 60_000, by);
}

function unsubscribeUrl(mail: string): URL {
  const match = /^List-Unsubscribe:\s*<([^>]+)>/m.exec(mail);
  if (!match) throw new Error(`no List-Unsubscribe header in:\n${mail}`);
  return new URL(match[1]!);
}

/** Follows the one-click unsubscribe link as a mail client would; answers the type it turned off. */
async function unsubscribe(mail: string): Promise<unknown> {
  const url = unsubscribeUrl(mail);
  const res = await server.client().post(url.pathname + url.search, undefined, {
    raw: 'List-Unsubscribe=One-Click',
    noClientHeader: true,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  return (res.body as { type: string }).type;
}

/** The sweep's queued runs (a sweep queues its next run when it ends). */
const queuedSweeps = (sweep: { name: string }) =>
  server.services.db
    .selectFrom('jobs')
    .select('run_at')
    .where('name', '=', sweep.name)
    .where('status', '=', 'queued')
    .execute();

/** Five readers in English, signed up one after another. */
const fiveReaders = async () =>
  [await reader(), await reader(), await reader(), await reader(), await reader()] as const;

describe('unread-message reminders', () => {
  it('reminds an offline member once, in their language, and nobody who may not or need not be reminded', async () => {
    const bob = await reader('nl');
    const [prefOff, unconfirmed, leaving, bounced, recent] = await fiveReaders();
    // One writer each: a free member starts at most two conversations.
    for (const to of [bob, prefOff, unconfirmed, leaving, bounced, recent]) await write(await reader(), to);
    expect(
      (await prefOff.browser.put('/api/notifications.php', { preferences: { unread_message_reminders: false } }))
        .status,
    ).toBe(200);
    await server.services.db
      .updateTable('users')
      .set({ status: 'not_confirmed' })
      .where('id', '=', unconfirmed.id)
      .execute();
    expect((await leaving.browser.post('/api/account-delete.php', { password: validSignup().password })).status).toBe(
      200,
    );
    const hook = await server
      .client()
      .post(
        '/api/mail-events.php',
        { type: 'bounce', email: bounced.email },
        { noClientHeader: true, headers: { authorization: `Bearer ${SECRET}` } },
      );
    expect(hook.body).toEqual({ ok: true, suppressed: 1 });

    // 23 hours: not yet.
    await advance(23 * HOUR_MS);
    expect(mailsTo(bob, REMINDER)).toHaveLength(0);
    // The recent member had the site open after the message arrived (and left it unread).
    await markStreamsSeen(server.services.db, [recent.id], server.services.now());

    await advance(2 * HOUR_MS);
    const reminders = mailsTo(bob, REMINDER);
    expect(reminders).toHaveLength(1);
    const mail = reminders[0]!;
    expect(mail).toMatch(/^Content-Language: nl/m);
    expect(mail).toContain('Ongelezen berichten: 1');
    expect(mail).not.toContain('Hello there');
    expect(mail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(mail).toContain('Content-Type: text/html');
    expect(mail).toContain('Content-Type: text/plain');
    for (const m of [prefOff, unconfirmed, leaving, bounced, recent]) expect(mailsTo(m, REMINDER)).toHaveLength(0);

    // Not again: the same unread messages, hours and days later.
    await advance(HOUR_MS);
    await advance(4 * 24 * HOUR_MS);
    expect(mailsTo(bob, REMINDER)).toHaveLength(1);

    // The link turns reminders off, and only them.
    expect(await unsubscribe(mail)).toBe('unread_message_reminders');
    const settings = await bob.browser.get<{ preferences: Record<string, boolean> }>('/api/notifications.php');
    expect(settings.body.preferences).toMatchObject({ unread_message_reminders: false, new_messages: true });
  }, 120_000); // Thirteen signups, each hashing a password: slow on a busy machine.

  it('reminds again about newer messages, but at most once in three days', async () => {
    const [alice, bob] = [await reader(), await reader()];
    await write(alice, bob, 'One');
    await advance(25 * HOUR_MS);
    expect(mailsTo(bob, REMINDER)).toHaveLength(1);
    // A new message a day later: the period of three days is not over when it has waited 24 hours.
    await advance(24 * HOUR_MS);
    const { book } = await import('../../credits/ledger.ts');
    await book(server.services.db, { userId: alice.id, amount: 100, reason: 'grant', at: server.services.now() });
    await write(alice, bob, 'Two');
    await advance(25 * HOUR_MS);
    expect(mailsTo(bob, REMINDER)).toHaveLength(1);
    await advance(24 * HOUR_MS);
    const reminders = mailsTo(bob, REMINDER);
    expect(reminders).toHaveLength(2);
    expect(reminders[1]).toContain('Unread messages: 2');
  });

  it('sends nothing about a member who was blocked since, or left', async () => {
    const [blocker, leaver] = [await reader(), await reader()];
    const [blocked, gone] = [await reader(), await reader()];
    await write(blocked, blocker);
    await write(gone, leaver);
    expect((await blocker.browser.post('/api/block.php', { profile_id: blocked.id })).status).toBeLessThan(300);
    expect((await gone.browser.post('/api/account-delete.php', { password: validSignup().password })).status).toBe(200);
    await advance(25 * HOUR_MS);
    for (const m of [blocker, leaver]) expect(mailsTo(m, REMINDER)).toHaveLength(0);
  });

  it('sends nothing once the messages were read', async () => {
    const [alice, bob] = [await reader(), await reader()];
    const sent = await alice.browser.post('/api/message.php', { profile_id: bob.id, text: 'Hi' });
    const conversationId = (sent.body as { message: { conversation_id: number } }).message.conversation_id;
    expect((await bob.browser.get(`/api/chat.php?id=${conversationId}`)).status).toBe(200);
    await advance(25 * HOUR_MS);
    expect(mailsTo(bob, REMINDER)).toHaveLength(0);
  });

  it('runs each hourly sweep once with two instances, and after a restart', async () => {
    const [alice, bob] = [await reader(), await reader()];
    await write(alice, bob);
    // Two instances start (and a third after a restart): one queued sweep per slot, whatever they do.
    await scheduleRecurringJobs(server.services);
    await scheduleRecurringJobs(server.services);
    const queued = await queuedSweeps(UNREAD_REMINDER_SWEEP);
    expect(queued).toHaveLength(1);

    server.advance(25 * HOUR_MS);
    const [a, b] = [createJobRunner(server.services), createJobRunner(server.services)];
    await Promise.all([a.runDue(), b.runDue(), a.runDue()]);
    expect(mailsTo(bob, REMINDER)).toHaveLength(1);
    // Two sweeps at the very same time (a lease ran out mid-sweep) still mail once: the claim decides.
    server.advance(3 * 24 * HOUR_MS);
    await server.services.db.deleteFrom('digest_mails').where('user_id', '=', bob.id).execute();
    const sent = await Promise.all([sweepUnreadReminders(server.services), sweepUnreadReminders(server.services)]);
    expect(mailsTo(bob, REMINDER)).toHaveLength(2);
    expect(sent.reduce((x, y) => x + y, 0)).toBeGreaterThanOrEqual(1);
    // The chain goes on: the next hour's sweep is queued.
    const next = await queuedSweeps(UNREAD_REMINDER_SWEEP);
    expect(next).toHaveLength(1);
  });
});

describe('weekly updates', () => {
  it("mails the week's likes, messages and new members once per week, in the member's language", async () => {
    const hana = await reader('nl');
    const [liker, writer, quiet, off, bounced] = await fiveReaders();
    expect((await liker.browser.post('/api/like.php', { profile_id: hana.id })).status).toBeLessThan(300);
    expect((await hana.browser.post('/api/like.php', { profile_id: liker.id })).status).toBeLessThan(300);
    await write(writer, hana);
    await server.services.db.updateTable('profiles').set({ fictional: 1 }).where('id', '=', bounced.id).execute();
    expect((await off.browser.put('/api/notifications.php', { preferences: { weekly_updates: false } })).status).toBe(
      200,
    );
    await server
      .client()
      .post(
        '/api/mail-events.php',
        { type: 'complaint', email: bounced.email },
        { noClientHeader: true, headers: { authorization: `Bearer ${SECRET}` } },
      );

    await toNextWeeklySweep();
    const mails = mailsTo(hana, WEEKLY);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail).toMatch(/^Content-Language: nl/m);
    expect(mail).toContain('Nieuwe likes: 1');
    expect(mail).toContain('Nieuwe matches: 1');
    expect(mail).toContain('Nieuwe berichten: 1');
    expect(mail).toContain('Nieuwe leden die bij je kunnen passen:');
    // New members of the week, newest first: fictional ones marked.
    expect(mail).toMatch(new RegExp(`^- ${bounced.name}, \\d+ \\(fictief profiel\\): https://`, 'm'));
    expect(await unsubscribe(mail)).toBe('weekly_updates');
    // Somebody without activity still hears of the new members; the switched-off and suppressed do not.
    expect(mailsTo(quiet, WEEKLY)).toHaveLength(1);
    expect(mailsTo(quiet, WEEKLY)[0]).not.toContain('likes:');
    // Never the member herself among the new members.
    const quietName = quiet.name;
    expect(mailsTo(quiet, WEEKLY)[0]).not.toMatch(new RegExp(`^- ${quietName},`, 'm'));
    expect(mailsTo(hana, WEEKLY)[0]).toMatch(new RegExp(`^- ${quietName},`, 'm'));
    for (const m of [off, bounced]) expect(mailsTo(m, WEEKLY)).toHaveLength(0);

    // Once per member and week: two instances and a restart in the same week send nothing more.
    const [a, b] = [createJobRunner(server.services), createJobRunner(server.services)];
    await scheduleRecurringJobs(server.services);
    await Promise.all([a.runDue(), b.runDue()]);
    expect(await sweepWeeklyUpdates(server.services)).toBe(0);
    expect(mailsTo(quiet, WEEKLY)).toHaveLength(1);

    // The next week: nothing new for the quiet member (no activity, no new member), so no mail.
    await write(await reader(), quiet);
    await toNextWeeklySweep();
    expect(mailsTo(quiet, WEEKLY)).toHaveLength(2);
    await toNextWeeklySweep();
    expect(mailsTo(quiet, WEEKLY)).toHaveLength(2);
    const handled = await server.services.db
      .selectFrom('digest_mails')
      .select(['period', 'sent'])
      .where('user_id', '=', quiet.id)
      .where('kind', '=', 'weekly_update')
      .orderBy('period')
      .execute();
    expect(handled.map((h) => h.sent)).toEqual([1, 1, 0]);
    const queued = await queuedSweeps(WEEKLY_UPDATE_SWEEP);
    expect(queued).toHaveLength(1);
  }, 120_000);

  it("goes out at 08:00 in the member's country, not at 08:00 UTC", async () => {
    const [dutch] = [await reader('nl'), await reader()];
    // Monday 00:00 UTC: 01:00 in Amsterdam (02:00 in summer).
    const now = server.services.now();
    await advance(everyMondayAt(0)(now) - now + 60_000);
    expect(mailsTo(dutch, WEEKLY)).toHaveLength(0);
    // Sweep after sweep, as the job runs them, until the mail is there.
    while (mailsTo(dutch, WEEKLY).length === 0) {
      const at = server.services.now();
      expect(new Date(at).getUTCDay(), 'Monday ended without the weekly update').toBe(1);
      await advance(WEEKLY_UPDATE_SWEEP.next(at) - at + 60_000);
    }
    const sentAt = new Date(wallClockAt(server.services.now(), 'Europe/Amsterdam'));
    expect([sentAt.getUTCDay(), sentAt.getUTCHours()]).toEqual([1, 8]);
  });

  it('suggests nobody the member blocked or who blocked her', async () => {
    const viewer = await reader();
    const [blocked, blocker, plain] = [await reader(), await reader(), await reader()];
    expect((await viewer.browser.post('/api/block.php', { profile_id: blocked.id })).status).toBeLessThan(300);
    expect((await blocker.browser.post('/api/block.php', { profile_id: viewer.id })).status).toBeLessThan(300);
    await toNextWeeklySweep();
    const suggested = (to: Member, m: Member) => new RegExp(`^- ${m.name},`, 'm').test(mailsTo(to, WEEKLY).at(-1)!);
    // The newest member sees the three before her: all of them are new members of the week.
    for (const m of [blocked, blocker, viewer]) expect(suggested(plain, m), m.name).toBe(true);
    expect(suggested(viewer, plain)).toBe(true);
    expect(suggested(viewer, blocked)).toBe(false);
    expect(suggested(viewer, blocker)).toBe(false);
  });

  it('is due where it is Monday 08:00 or later there, in the same ISO week', () => {
    const due = (iso: string) => countriesDue(Date.parse(iso));
    const allBut = (...left: string[]) => COUNTRY_CODES.filter((code) => !left.includes(code));
    // Monday 30 November 2026 (winter): Sunday evening in New York, the night in Europe.
    expect(due('2026-11-30T00:30:00Z')).toEqual([]);
    expect(due('2026-11-30T06:00:00Z')).toEqual(['FI']);
    expect(due('2026-11-30T07:00:00Z')).toEqual(allBut('IE', 'GB', 'US'));
    expect(due('2026-11-30T12:59:00Z')).toEqual(allBut('US'));
    expect(due('2026-11-30T13:00:00Z')).toEqual(COUNTRY_CODES);
    // A sweep that runs late, on Wednesday: everyone.
    expect(due('2026-12-02T09:00:00Z')).toEqual(COUNTRY_CODES);
    // Summer: 08:00 in Helsinki is 05:00 UTC.
    expect(due('2026-06-01T05:00:00Z')).toEqual(['FI']);
  });
});
