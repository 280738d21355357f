import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/http-client.ts';
import { pathOf, startTestServer, validSignup, type TestServer } from '../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ memberCache: true });
});
afterAll(() => server.close());

const PASSWORD = validSignup().password as string;
interface Member {
  id: number;
  email: string;
  browser: TestClient;
}

let counter = 0;
async function member(): Promise<Member> {
  const browser = server.client();
  const email = `settings-${++counter}@example.com`;
  const res = await browser.post<{ user: { profile: { id: number } } }>(
    '/api/signup.php',
    validSignup({ email, name: `Setter${counter}` }),
  );
  await browser.get(pathOf(server.latestActivationLink()));
  return { id: res.body.user.profile.id, email, browser };
}

/** The first link to `path` in an .eml file, as it stands in the file (the outbox writes text as is). */
function linkIn(eml: string, path: string): string {
  const match = new RegExp(`https?://[^\\s"<]+${path.replace(/[.?]/g, '\\$&')}\\?token=[\\w-]+`).exec(eml);
  if (!match) throw new Error(`no ${path} link in mail:\n${eml}`);
  return match[0];
}
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
const login = (email: string, password = PASSWORD) => server.client().post('/api/user.php', { email, password });
const mailTo = (address: string) => server.outbox().filter((m) => m.includes(`To: ${address}`));

describe('e-mail change', () => {
  it('refuses an invalid or taken address and a wrong password, changing nothing', async () => {
    const m = await member();
    const other = await member();
    const invalid = await m.browser.post('/api/mail-change.php', { email: 'not-an-address', password: PASSWORD });
    expect(invalid.status).toBe(422);
    expect(invalid.body).toMatchObject({ error: 'email_change_invalid', message: 'New email adress is invalid.' });
    const taken = await m.browser.post('/api/mail-change.php', {
      email: other.email.toUpperCase(),
      password: PASSWORD,
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({
      error: 'email_taken',
      message: 'This email address already owns an account on this website.',
    });
    const wrong = await m.browser.post('/api/mail-change.php', { email: 'fresh@example.com', password: 'nope nope' });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({ error: 'old_password_wrong', message: 'Please check your old password.' });
    expect(mailTo('fresh@example.com')).toHaveLength(0);
  });

  it('sends a link to the new address; the old one works until it is followed, then the new one', async () => {
    const m = await member();
    const next = `moved-${m.id}@example.com`;
    const res = await m.browser.post('/api/mail-change.php', { email: next, password: PASSWORD });
    expect(res.status).toBe(200);
    const mail = mailTo(next).at(-1)!;
    expect(mail).toContain('Subject: Confirm your new e-mail address');
    expect((await login(m.email)).status).toBe(200);
    expect((await login(next)).status).toBe(401);

    const token = tokenOf(linkIn(mail, '/mail-change/do'));
    const confirmed = await server.client().post('/api/mail-change-do.php', { token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ email: next });
    expect((await login(next)).status).toBe(200);
    expect((await login(m.email)).status).toBe(401);
    expect((await m.browser.get<{ user: { email: string } }>('/api/user.php')).body.user.email).toBe(next);

    const again = await server.client().post('/api/mail-change-do.php', { token });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('reset_link_invalid');
  });

  it('a link expires after a day and does not work on another brand', async () => {
    const m = await member();
    await m.browser.post('/api/mail-change.php', { email: `late-${m.id}@example.com`, password: PASSWORD });
    const token = tokenOf(linkIn(mailTo(`late-${m.id}@example.com`).at(-1)!, '/mail-change/do'));
    expect((await server.client('beta.test').post('/api/mail-change-do.php', { token })).status).toBe(400);
    server.advance(24 * 3_600_000 + 1);
    expect((await server.client().post('/api/mail-change-do.php', { token })).body.error).toBe('reset_link_invalid');
  });
});

describe('password change and sessions', () => {
  it('checks the repeat and the old password, then ends every other session', async () => {
    const m = await member();
    const elsewhere = server.client();
    await elsewhere.post('/api/user.php', { email: m.email, password: PASSWORD });
    const differ = await m.browser.put('/api/password.php', {
      old_password: PASSWORD,
      password: 'new password one',
      password_repeat: 'new password two',
    });
    expect(differ.body).toMatchObject({
      error: 'passwords_differ',
      message: 'The entered passwords are not the same.',
    });
    const wrong = await m.browser.put('/api/password.php', {
      old_password: 'wrong old one',
      password: 'new password one',
      password_repeat: 'new password one',
    });
    expect(wrong.body).toMatchObject({ error: 'old_password_wrong', field: 'old_password' });
    expect((await elsewhere.get<{ user: unknown }>('/api/user.php')).body.user).not.toBeNull();

    const ok = await m.browser.put('/api/password.php', {
      old_password: PASSWORD,
      password: 'new password one',
      password_repeat: 'new password one',
    });
    expect(ok.status).toBe(200);
    expect((await elsewhere.get<{ user: unknown }>('/api/user.php')).body.user).toBeNull();
    expect((await m.browser.get<{ user: unknown }>('/api/user.php')).body.user).not.toBeNull();
    expect((await login(m.email)).status).toBe(401);
    expect((await login(m.email, 'new password one')).status).toBe(200);
  });

  it('signs out every other session but keeps this one', async () => {
    const m = await member();
    const others = [server.client(), server.client()];
    for (const o of others) await o.post('/api/user.php', { email: m.email, password: PASSWORD });
    // Signing up and activating each started a session in m's browser too; only the current one stays.
    const before = await server.services.db
      .selectFrom('sessions')
      .select('token_hash')
      .where('user_id', '=', m.id)
      .execute();
    const res = await m.browser.post('/api/sessions-end.php');
    expect(res.body).toEqual({ ended: before.length - 1 });
    expect(before.length).toBeGreaterThanOrEqual(3);
    for (const o of others) expect((await o.get<{ user: unknown }>('/api/user.php')).body.user).toBeNull();
    expect((await m.browser.get<{ user: unknown }>('/api/user.php')).body.user).not.toBeNull();
  });
});

describe('password checks', () => {
  it('count wrong guesses against the login throttle, so a borrowed session cannot guess the password', async () => {
    const m = await member();
    const guess = () =>
      m.browser.put('/api/password.php', {
        old_password: 'guess guess',
        password: 'x'.repeat(10),
        password_repeat: 'x'.repeat(10),
      });
    for (let i = 0; i < 4; i++) expect((await guess()).body.error).toBe('old_password_wrong');
    expect((await guess()).body.error).toBe('login_blocked');
    const right = await m.browser.post('/api/account-delete.php', { password: PASSWORD });
    expect(right.status).toBe(429);
    expect((await login(m.email)).body.error).toBe('login_blocked');
  });
});

describe('notification settings', () => {
  type Settings = { preferences: Record<string, boolean>; disabled: { reason: string }[] };
  it('start with marketing off, save switches per type, and refuse unknown types', async () => {
    const m = await member();
    const first = await m.browser.get<Settings>('/api/notifications.php');
    expect(first.body.preferences).toMatchObject({ new_messages: true, like: true, promotions: false, news: false });
    const saved = await m.browser.put<Settings>('/api/notifications.php', {
      preferences: { like: false, promotions: true },
    });
    expect(saved.body.preferences).toMatchObject({ like: false, promotions: true, new_messages: true });
    await m.browser.put('/api/notifications.php', { preferences: { like: true } });
    expect((await m.browser.get<Settings>('/api/notifications.php')).body.preferences.like).toBe(true);
    const bad = await m.browser.put('/api/notifications.php', { preferences: { sms: true } });
    expect(bad.status).toBe(422);
    expect((await m.browser.put('/api/notifications.php', { preferences: { like: 'yes' } })).status).toBe(422);
  });

  it('show why e-mail is switched off, and switch it on again', async () => {
    const m = await member();
    const now = server.services.now();
    await server.services.db
      .insertInto('mail_suppressions')
      .values([
        { user_id: m.id, reason: 'bounce', created_at: now },
        { user_id: m.id, reason: 'fbl', created_at: now },
      ])
      .execute();
    const user = await m.browser.get<{ user: { notifications_disabled: string[] } }>('/api/user.php');
    expect(user.body.user.notifications_disabled.sort()).toEqual(['bounce', 'fbl']);
    const one = await m.browser.post<Settings>('/api/notifications-enable.php', { reason: 'fbl' });
    expect(one.body.disabled.map((d) => d.reason)).toEqual(['bounce']);
    const all = await m.browser.post<Settings>('/api/notifications-enable.php', {});
    expect(all.body.disabled).toEqual([]);
    expect((await m.browser.post('/api/notifications-enable.php', { reason: 'spam' })).status).toBe(422);
  });
});
