import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf, startTestServer, validSignup, type TestServer } from '../../test/test-server.ts';
import { BLOCK_MS, MAX_FAILED_LOGINS } from './login-throttle.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ memberCache: true });
});
afterAll(() => server.close());

async function activeMember(email: string) {
  const browser = server.client();
  await browser.post('/api/signup.php', validSignup({ email }));
  await browser.get(pathOf(server.latestActivationLink()));
  return browser;
}

const login = (email: string, password = 'correct horse battery', host = 'alpha.test') =>
  server.client(host).post('/api/user.php', { email, password });

describe('login', () => {
  it('logs in with the right password and sets a 30-day HttpOnly, SameSite=Lax session cookie', async () => {
    await activeMember('login@example.com');
    const res = await login('LOGIN@example.com');
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email: 'login@example.com', status: 'active' });
    const cookie = (res.headers['set-cookie'] ?? []).find((c) => c.startsWith('dk_session='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Max-Age=2592000/);
    const token = decodeURIComponent(cookie.split(';')[0]!.split('=')[1]!);
    expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    // Only the hash is stored: the database never holds a usable token.
    const stored = await server.services.db.selectFrom('sessions').select('token_hash').execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(token);
  });

  it('answers the same for a wrong password and an unknown address', async () => {
    await activeMember('known@example.com');
    const wrong = await login('known@example.com', 'not the password');
    const unknown = await login('nobody@example.com', 'not the password');
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'login_failed', message: 'Login failed, please try again' });
    }
  });

  it(`blocks the login after ${MAX_FAILED_LOGINS} wrong passwords, even with the right one, until the block ends`, async () => {
    await activeMember('blocked@example.com');
    for (let i = 1; i < MAX_FAILED_LOGINS; i++) expect((await login('blocked@example.com', 'wrong')).status).toBe(401);
    const blocked = await login('blocked@example.com', 'wrong');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({
      error: 'login_blocked',
      message: 'Too many incorrect attempts, account blocked for 15 min.',
      minutes: 15,
    });
    expect((await login('blocked@example.com')).status).toBe(429);

    server.advance(BLOCK_MS - 4 * 60_000);
    expect((await login('blocked@example.com')).body.message).toBe(
      'Too many incorrect attempts, account blocked for 4 min.',
    );
    server.advance(4 * 60_000 + 1000);
    expect((await login('blocked@example.com')).status).toBe(200);
  });

  it('blocks unknown addresses the same way, so a block reveals nothing', async () => {
    for (let i = 1; i < MAX_FAILED_LOGINS; i++) await login('ghost@example.com', 'wrong');
    expect((await login('ghost@example.com', 'wrong')).status).toBe(429);
  });

  it('translates the messages into the language cookie', async () => {
    const browser = server.client();
    browser.cookies.set('lang', 'nl');
    const res = await browser.post('/api/user.php', { email: 'nobody@example.com', password: 'x' });
    expect(res.body.message).toBe('Inloggen mislukt, probeer het opnieuw');
  });

  it('does not let a member of one brand log in on another', async () => {
    await activeMember('alpha-only@example.com');
    expect((await login('alpha-only@example.com', undefined, 'beta.test')).status).toBe(401);
  });
});

describe('sessions', () => {
  it('logs out on the server: the old cookie no longer works', async () => {
    const browser = await activeMember('logout@example.com');
    const token = browser.cookies.get('dk_session')!;
    expect((await browser.get('/api/logout.php')).body).toEqual({ user: null });
    expect(browser.cookies.has('dk_session')).toBe(false);
    const replay = server.client();
    replay.cookies.set('dk_session', token);
    expect((await replay.get('/api/user.php')).body).toEqual({ user: null });
  });

  it("ignores a session cookie on another brand's host", async () => {
    const browser = await activeMember('cookie-crossing@example.com');
    const elsewhere = server.client('beta.test');
    elsewhere.cookies.set('dk_session', browser.cookies.get('dk_session')!);
    expect((await elsewhere.get('/api/user.php')).body).toEqual({ user: null });
  });

  it('expires sessions after 30 days', async () => {
    const browser = await activeMember('expiry@example.com');
    server.advance(31 * 86_400_000);
    expect((await browser.get('/api/user.php')).body).toEqual({ user: null });
  });
});

describe('language', () => {
  it("saves a logged-in member's language and sets the cookie for 365 days", async () => {
    const browser = await activeMember('language@example.com');
    const res = await browser.put('/api/user.php', { language: 'nl' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ language: 'nl', user: { language: 'nl' } });
    expect((res.headers['set-cookie'] ?? []).find((c) => c.startsWith('lang='))).toMatch(/Max-Age=31536000/);
    expect(browser.cookies.get('lang')).toBe('nl');
    expect((await browser.get('/api/user.php')).body.user).toMatchObject({ language: 'nl' });
  });

  it('sets only the cookie for a visitor', async () => {
    const browser = server.client();
    expect((await browser.put('/api/user.php', { language: 'nl' })).body).toEqual({ user: null, language: 'nl' });
    expect(browser.cookies.get('lang')).toBe('nl');
  });

  it("refuses a language the brand doesn't show", async () => {
    const res = await server.client().put('/api/user.php', { language: 'pl' });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('validation_failed');
  });
});
