import sharp from 'sharp';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETION_GRACE_DAYS } from '@datekit/runtime/rules/constants';
import { DAY_MS } from '@datekit/runtime/rules/time';
import { createJobRunner } from '../../jobs/handlers.ts';
import { pathOf, SIGNUP_PASSWORD, startTestServer, validSignup, type TestServer } from '../../test/test-server.ts';
import { member, type TestMember } from '../../test/member.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ memberCache: true });
});
afterAll(() => server.close());

const newMember = () => member(server, { label: 'Leaver' });

function reactivationLink(eml: string): string {
  const match = /https?:\/\/[^\s"<]+\/api\/account-reactivate\.php\?token=[\w-]+/.exec(eml);
  if (!match) throw new Error(`no reactivation link in mail:\n${eml}`);
  return match[0];
}
const mailTo = (address: string) => server.outbox().filter((m) => m.includes(`To: ${address}`));

type Search = { profiles: { id: number }[] };
type Likes = { profiles: { id: number }[]; liked_by: { id: number }[] };
type Chats = { chats: { profile: { id: number } }[] };

/** Where `viewer` can still see `target`: search, profile page, photos, likes, chats. */
async function visibleTo(viewer: TestMember, target: TestMember) {
  const [search, profile, likes, chats] = await Promise.all([
    viewer.browser.get<Search>('/api/members.php?min_age=18&max_age=99'),
    viewer.browser.get(`/api/member.php?id=${target.id}`),
    viewer.browser.get<Likes>('/api/likes.php'),
    viewer.browser.get<Chats>('/api/chats.php'),
  ]);
  return {
    search: search.body.profiles.some((p) => p.id === target.id),
    profile: profile.status === 200,
    likes: likes.body.profiles.some((p) => p.id === target.id),
    chats: chats.body.chats.some((c) => c.profile.id === target.id),
  };
}

describe('account deletion', () => {
  it('hides the member from everyone at once, ends every session, and offers reactivation on login', async () => {
    const leaver = await newMember();
    const friend = await newMember();
    await leaver.browser.post('/api/like.php', { profile_id: friend.id });
    await leaver.browser.post('/api/message.php', { profile_id: friend.id, text: 'See you around' });
    expect(await visibleTo(friend, leaver)).toEqual({ search: true, profile: true, likes: true, chats: true });
    const offer = await leaver.browser.get('/api/account-delete.php');
    expect(offer.body).toEqual({ delete_discount: expect.any(Number), grace_days: DELETION_GRACE_DAYS });

    const wrong = await leaver.browser.post('/api/account-delete.php', { password: 'not my password' });
    expect(wrong.body.error).toBe('old_password_wrong');
    expect((await visibleTo(friend, leaver)).search).toBe(true);

    const other = server.client();
    await other.post('/api/user.php', { email: leaver.email, password: SIGNUP_PASSWORD });
    const deleted = await leaver.browser.post('/api/account-delete.php', { password: SIGNUP_PASSWORD });
    expect(deleted.status).toBe(200);
    expect(await visibleTo(friend, leaver)).toEqual({ search: false, profile: false, likes: false, chats: false });
    expect((await friend.browser.post('/api/message.php', { profile_id: leaver.id, text: 'hello?' })).status).toBe(404);
    for (const b of [leaver.browser, other])
      expect((await b.get<{ user: unknown }>('/api/user.php')).body.user).toBeNull();

    const login = await server.client().post('/api/user.php', { email: leaver.email, password: SIGNUP_PASSWORD });
    expect(login.status).toBe(409);
    expect(login.body).toMatchObject({ error: 'account_pending_deletion', reactivate: true });
    expect(
      (await server.client().post('/api/user.php', { email: leaver.email, password: 'guess guess' })).body.error,
    ).toBe('login_failed');
    const signup = await server.client().post('/api/signup.php', validSignup({ email: leaver.email, name: 'Again' }));
    expect(signup.body.error).toBe('email_taken');
  });

  it('comes back with the e-mail link within 14 days, once', async () => {
    const leaver = await newMember();
    const friend = await newMember();
    await leaver.browser.post('/api/account-delete.php', { password: SIGNUP_PASSWORD });
    const link = pathOf(reactivationLink(mailTo(leaver.email).at(-1)!));
    server.advance((DELETION_GRACE_DAYS - 1) * DAY_MS);
    const browser = server.client();
    const res = await browser.get(link);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/settings?reactivated=1');
    expect((await browser.get<{ user: { email: string } }>('/api/user.php')).body.user.email).toBe(leaver.email);
    expect((await visibleTo(friend, leaver)).profile).toBe(true);
    const queued = await server.services.db
      .selectFrom('jobs')
      .select('id')
      .where('unique_key', '=', `erase-account:${leaver.id}`)
      .execute();
    expect(queued).toHaveLength(0);
    expect((await server.client().get(link)).headers.location).toBe('/account-deleted?reactivation=failed');
  });

  it('comes back by logging in and accepting the offer', async () => {
    const leaver = await newMember();
    await leaver.browser.post('/api/account-delete.php', { password: SIGNUP_PASSWORD });
    const browser = server.client();
    const wrong = await browser.post('/api/account-reactivate.php', { email: leaver.email, password: 'wrong wrong' });
    expect(wrong.body.error).toBe('login_failed');
    const res = await browser.post<{ user: { profile: { id: number; status: string } } }>(
      '/api/account-reactivate.php',
      { email: leaver.email, password: SIGNUP_PASSWORD },
    );
    expect(res.status).toBe(200);
    expect(res.body.user.profile).toMatchObject({ id: leaver.id, status: 'active' });
    expect(
      (await server.client().post('/api/user.php', { email: leaver.email, password: SIGNUP_PASSWORD })).status,
    ).toBe(200);
  });

  it('after 14 days the job erases personal data, photos and messages, and the address can sign up again', async () => {
    const leaver = await newMember();
    const friend = await newMember();
    const photo = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#a53' } })
      .jpeg()
      .toBuffer();
    await leaver.browser.request('POST', '/api/photos.php', { raw: photo, headers: { 'content-type': 'image/jpeg' } });
    const [stored] = await server.services.db
      .selectFrom('photos')
      .selectAll()
      .where('profile_id', '=', leaver.id)
      .execute();
    await leaver.browser.post('/api/message.php', { profile_id: friend.id, text: 'Goodbye soon' });
    await server.services.db
      .insertInto('credit_ledger')
      .values({
        user_id: leaver.id,
        amount: 100,
        reason: 'purchase',
        ref: `pay-${leaver.id}`,
        note: null,
        created_at: server.services.now(),
      })
      .execute();
    await leaver.browser.post('/api/account-delete.php', { password: SIGNUP_PASSWORD });
    const link = pathOf(reactivationLink(mailTo(leaver.email).at(-1)!));

    const runner = createJobRunner(server.services);
    const pending = () =>
      server.services.db
        .selectFrom('jobs')
        .select('status')
        .where('unique_key', '=', `erase-account:${leaver.id}`)
        .execute();
    await runner.runDue();
    expect(await pending()).toEqual([{ status: 'queued' }]);
    server.advance(DELETION_GRACE_DAYS * DAY_MS + 1);
    // Earlier tests' members pending deletion are due too.
    expect(await runner.runDue()).toBeGreaterThanOrEqual(1);
    expect(await pending()).toEqual([]);

    const db = server.services.db;
    expect(await db.selectFrom('profiles').select('id').where('id', '=', leaver.id).execute()).toHaveLength(0);
    expect(await db.selectFrom('photos').select('id').where('profile_id', '=', leaver.id).execute()).toHaveLength(0);
    expect(await db.selectFrom('messages').select('id').where('sender_id', '=', leaver.id).execute()).toHaveLength(0);
    const stub = await db.selectFrom('users').selectAll().where('id', '=', leaver.id).executeTakeFirstOrThrow();
    expect(stub.email).not.toContain('leaver');
    expect(stub.password_hash).toBeNull();
    expect(stub.erased_at).not.toBeNull();
    const ledger = await db.selectFrom('credit_ledger').select('reason').where('user_id', '=', leaver.id).execute();
    expect(ledger.map((l) => l.reason)).toEqual(['purchase']);
    const media = await server.client().get(`/media/${stored!.filename}`);
    expect(media.status).toBe(404);
    expect((await friend.browser.get<Chats>('/api/chats.php')).body.chats).toHaveLength(0);

    expect((await server.client().get(link)).headers.location).toBe('/account-deleted?reactivation=failed');
    expect(
      (await server.client().post('/api/user.php', { email: leaver.email, password: SIGNUP_PASSWORD })).body.error,
    ).toBe('login_failed');
    const again = await server.client().post('/api/signup.php', validSignup({ email: leaver.email, name: 'Returner' }));
    expect(again.status).toBe(201);
  });
});

describe('data export', () => {
  it('is a ZIP of the member’s own data: profile, messages they sent, likes, ledger, consents and photos', async () => {
    const m = await newMember();
    const friend = await newMember();
    const photo = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#3a5' } })
      .jpeg()
      .toBuffer();
    await m.browser.request('POST', '/api/photos.php', { raw: photo, headers: { 'content-type': 'image/jpeg' } });
    await m.browser.post('/api/message.php', { profile_id: friend.id, text: 'My very own words' });
    await friend.browser.post('/api/message.php', { profile_id: m.id, text: 'Words of someone else' });
    await m.browser.post('/api/like.php', { profile_id: friend.id });

    const res = await m.browser.get('/api/account-export.php');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="alpha\.test-data-/);
    const files = unzipSync(new Uint8Array(res.bytes));
    const read = (name: string) => JSON.parse(strFromU8(files[name]!)) as Record<string, unknown>;
    expect(read('account.json')).toMatchObject({ id: m.id, email: m.email });
    const sent = read('messages-sent.json') as unknown as { text: string; to_member: number }[];
    expect(sent).toEqual([expect.objectContaining({ text: 'My very own words', to_member: friend.id })]);
    expect(JSON.stringify(Object.keys(files).map((f) => strFromU8(files[f]!)))).not.toContain('Words of someone else');
    expect(read('likes.json')).toMatchObject({ given: [{ member: friend.id }] });
    expect(read('credit-ledger.json')).toEqual([
      expect.objectContaining({ reason: 'signup_bonus', amount: 20 }),
      expect.objectContaining({ reason: 'message', amount: -10 }),
    ]);
    expect(read('consents.json')).toMatchObject({ notifications: { new_messages: true } });
    const photos = Object.keys(files).filter((f) => f.startsWith('photos/'));
    expect(photos).toHaveLength(1);
    expect((await sharp(Buffer.from(files[photos[0]!]!)).metadata()).format).toBe('webp');
  });

  it('needs a session', async () => {
    const res = await server.client().get('/api/account-export.php');
    expect(res.status).toBe(403);
  });
});
