import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activationLink, pathOf, startTestServer, validSignup, type TestServer } from '../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const countUsers = async () =>
  Number(
    (
      await server.services.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('signup', () => {
  it('creates a not-confirmed member with a disabled profile, logs them in and mails an activation link', async () => {
    const browser = server.client();
    const before = server.outbox().length;
    const res = await browser.post(
      '/api/signup.php',
      validSignup({ email: 'first@example.com', tracking: { network: 'ads', sub1: 'x' } }),
    );
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({
      status: 'not_confirmed',
      email: 'first@example.com',
      credits: 0,
      paid_user: false,
    });
    expect((res.body.user as { profile: { status: string; name: string } }).profile).toMatchObject({
      status: 'disabled',
      name: 'AnnaB',
    });
    expect((await browser.get('/api/user.php')).body.user).toMatchObject({ email: 'first@example.com' });

    const mails = server.outbox();
    expect(mails).toHaveLength(before + 1);
    const mail = mails.at(-1)!;
    expect(mail).toMatch(/^To: first@example.com/m);
    expect(mail).toMatch(/^Subject: Activate your account on Alpha Dates/m);
    expect(mail).toContain('alpha.test');
    expect(activationLink(mail)).toMatch(/^http:\/\/alpha\.test\/api\/activate\.php\?token=/);

    const row = await server.services.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'first@example.com')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ network: 'ads', sub1: 'x', ref: null, status: 'not_confirmed' });
    // At the configured cost (the lowest, in tests: passwords.test.ts checks the default).
    expect(row.password_hash).toMatch(new RegExp(`^scrypt\\$${server.services.config.passwordScryptN}\\$8\\$1\\$`));
  });

  it("writes the activation mail in the visitor's language", async () => {
    const browser = server.client();
    browser.cookies.set('lang', 'nl');
    expect((await browser.post('/api/signup.php', validSignup({ email: 'dutch@example.com' }))).status).toBe(201);
    const mail = server.outbox().at(-1)!;
    expect(mail).toMatch(/^Subject: Activeer je account op Alpha Dates/m);
    expect(mail).toMatch(/^Content-Language: nl/m);
  });

  it.each([
    ['name equal to the e-mail', { name: 'same@example.com', email: 'same@example.com' }, 'invalid_name'],
    ["name equal to the e-mail's local part", { name: 'samename', email: 'samename@example.com' }, 'invalid_name'],
    ['name starting with @', { name: '@anna' }, 'invalid_name'],
    ['under 18', { date_of_birth: `${new Date().getUTCFullYear() - 17}-01-01` }, 'invalid_date_of_birth'],
    ['no date of birth', { date_of_birth: '' }, 'invalid_date_of_birth'],
    ['an impossible date', { date_of_birth: '1990-02-30' }, 'invalid_date_of_birth'],
    ['a short password', { password: 'short' }, 'invalid_password'],
    ['terms not accepted', { accept_terms: false }, 'terms_not_accepted'],
    ['an invalid e-mail', { email: 'not-an-address' }, 'invalid_email'],
  ])('refuses %s and changes nothing', async (_case, overrides, code) => {
    const users = await countUsers();
    const mails = server.outbox().length;
    const res = await server
      .client()
      .post('/api/signup.php', validSignup({ email: 'refused@example.com', ...overrides }));
    expect(res.status).toBe(422);
    expect(res.body.error).toBe(code);
    expect(await countUsers()).toBe(users);
    expect(server.outbox()).toHaveLength(mails);
  });

  it("answers the spec's messages for a bad date of birth and e-mail", async () => {
    const dob = await server.client().post('/api/signup.php', validSignup({ date_of_birth: '2015-01-01' }));
    expect(dob.body.message).toBe('Invalid date of birth.');
    const email = await server.client().post('/api/signup.php', validSignup({ email: 'jan@gmial.com' }));
    expect(email.body).toMatchObject({ error: 'invalid_email', message: 'Invalid email', suggestion: 'jan@gmail.com' });
  });

  it('accepts an unusual domain once the visitor chose to keep it', async () => {
    const res = await server
      .client()
      .post('/api/signup.php', validSignup({ email: 'kept@gmial.com', keep_email: true }));
    expect(res.status).toBe(201);
  });

  it('refuses an address that already owns an account on this brand, in any case', async () => {
    await server.client().post('/api/signup.php', validSignup({ email: 'taken@example.com' }));
    const res = await server.client().post('/api/signup.php', validSignup({ email: 'Taken@Example.com' }));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This email address already owns an account on this website.');
  });

  it('lets the same address sign up on another brand', async () => {
    await server.client().post('/api/signup.php', validSignup({ email: 'twice@example.com' }));
    const res = await server
      .client('beta.test')
      .post('/api/signup.php', validSignup({ email: 'twice@example.com', tracking: { ref: 'partner' } }));
    expect(res.status).toBe(201);
  });

  it('opens with_trafficsource signups only to visitors who bring tracking, and closed ones to nobody', async () => {
    const without = await server
      .client('beta.test')
      .post('/api/signup.php', validSignup({ email: 'organic@example.com' }));
    expect(without.status).toBe(403);
    expect(without.body.error).toBe('signups_closed');
    const closed = await server
      .client('closed.test')
      .post('/api/signup.php', validSignup({ email: 'c@example.com', tracking: { network: 'x' } }));
    expect(closed.body.error).toBe('signups_closed');
  });
});

describe('signing up to contact a member', () => {
  it('stores the signup message for that member, and ignores a target that is not a visible member here', async () => {
    const target = await server
      .client()
      .post<{ user: { profile: { id: number } } }>('/api/signup.php', validSignup({ email: 'target@example.com' }));
    const targetId = target.body.user.profile.id;
    await server.services.db.updateTable('profiles').set({ status: 'active' }).where('id', '=', targetId).execute();
    await server
      .client()
      .post(
        '/api/signup.php',
        validSignup({ email: 'contact@example.com', signup_message: 'Hi there!', target_profile_id: targetId }),
      );
    await server
      .client()
      .post(
        '/api/signup.php',
        validSignup({ email: 'contact2@example.com', signup_message: 'Hello', target_profile_id: 999_999 }),
      );
    const rows = await server.services.db
      .selectFrom('users')
      .select(['email', 'signup_message', 'signup_target_id'])
      .where('email', 'in', ['contact@example.com', 'contact2@example.com'])
      .orderBy('email')
      .execute();
    expect(rows).toEqual([
      { email: 'contact2@example.com', signup_message: 'Hello', signup_target_id: null },
      { email: 'contact@example.com', signup_message: 'Hi there!', signup_target_id: targetId },
    ]);
  });
});

describe('the signup message', () => {
  it("is held to the brand's message_length, since it becomes a chat message; nothing is stored", async () => {
    const signup = (signup_message: string) =>
      server
        .client('beta.test')
        .post(
          '/api/signup.php',
          validSignup({ email: 'long@example.com', signup_message, tracking: { network: 'n' } }),
        );
    const tooLong = await signup('x'.repeat(301));
    expect(tooLong.status).toBe(422);
    expect(tooLong.body).toMatchObject({
      error: 'message_too_long',
      field: 'signup_message',
      max: 300,
      message: 'Je bericht mag maximaal 300 tekens hebben.',
    });
    const stored = await server.services.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'long@example.com')
      .execute();
    expect(stored).toEqual([]);
    expect((await signup('x'.repeat(300))).status).toBe(201);
  });
});

describe('activation', () => {
  async function signUp(email: string, host = 'alpha.test') {
    const browser = server.client(host);
    await browser.post('/api/signup.php', validSignup({ email, tracking: { network: 'n' } }));
    return { browser, link: server.latestActivationLink() };
  }

  it('activates the account and profile, books the signup credits once and shows activate/done', async () => {
    const { browser, link } = await signUp('activate@example.com');
    const res = await browser.get(pathOf(link));
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/activate/done');
    const user = (await browser.get('/api/user.php')).body.user as {
      status: string;
      credits: number;
      profile: { status: string };
    };
    expect(user).toMatchObject({ status: 'active', credits: 20, profile: { status: 'active' } });

    const again = await server.client().get(pathOf(link));
    expect(again.headers.location).toBe('/activate/done');
    expect(((await browser.get('/api/user.php')).body.user as { credits: number }).credits).toBe(20);
  });

  it('logs in the browser that follows the link', async () => {
    const { link } = await signUp('fresh-browser@example.com');
    const other = server.client();
    await other.get(pathOf(link));
    expect((await other.get('/api/user.php')).body.user).toMatchObject({
      email: 'fresh-browser@example.com',
      status: 'active',
    });
  });

  it.each([
    ['an unknown token', '/api/activate.php?token=nope'],
    ['no token', '/api/activate.php'],
  ])('sends %s to activate/error', async (_case, path) => {
    const res = await server.client().get(path);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/activate/error');
  });

  it("refuses a link used on another brand's host", async () => {
    const { link } = await signUp('crossbrand@example.com');
    const res = await server.client('beta.test').get(pathOf(link));
    expect(res.headers.location).toBe('/activate/error');
  });

  it('refuses an expired link', async () => {
    const { link } = await signUp('late@example.com');
    server.advance(8 * 86_400_000);
    const res = await server.client().get(pathOf(link));
    expect(res.headers.location).toBe('/activate/error');
  });
});

describe('resending the activation mail', () => {
  it('sends a new working link to a not-confirmed member, at most once every two minutes', async () => {
    const browser = server.client();
    await browser.post('/api/signup.php', validSignup({ email: 'resend@example.com' }));
    const mails = server.outbox().length;
    const tooSoon = await browser.post('/api/activation-mail.php');
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body).toMatchObject({
      error: 'activation_mail_wait',
      minutes: 2,
      message: 'We sent you an activation email just now. You can ask for another one in 2 min.',
    });
    expect(server.outbox()).toHaveLength(mails);
    server.advance(2 * 60_000 + 1000);
    const res = await browser.post('/api/activation-mail.php');
    expect(res.body).toEqual({ sent: true });
    expect(server.outbox()).toHaveLength(mails + 1);
    await browser.get(pathOf(server.latestActivationLink()));
    expect((await browser.get('/api/user.php')).body.user).toMatchObject({ status: 'active' });
    expect((await browser.post('/api/activation-mail.php')).body.error).toBe('already_activated');
  });

  it('sends at most 5 activation mails a day, then says to try again tomorrow', async () => {
    const browser = server.client();
    await browser.post('/api/signup.php', validSignup({ email: 'daily@example.com' }));
    for (let resend = 1; resend <= 4; resend++) {
      server.advance(2 * 60_000 + 1000);
      expect((await browser.post('/api/activation-mail.php')).body).toEqual({ sent: true });
    }
    const mails = server.outbox().length;
    server.advance(2 * 60_000 + 1000);
    const refused = await browser.post('/api/activation-mail.php');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      error: 'activation_mail_limit',
      message: 'Too many activation emails sent, please try again tomorrow.',
    });
    expect(server.outbox()).toHaveLength(mails);
  });
});

describe('when the mail server fails', () => {
  it('still creates the account, so a retry or reload never meets "email taken" for a half-made signup', async () => {
    const failing = await startTestServer({
      services: { mailer: { outboxDir: null, send: () => Promise.reject(new Error('SMTP down')) } },
    });
    try {
      const browser = failing.client();
      const res = await browser.post('/api/signup.php', validSignup({ email: 'nomail@example.com' }));
      expect(res.status).toBe(201);
      expect((await browser.get('/api/user.php')).body.user).toMatchObject({ status: 'not_confirmed' });
    } finally {
      await failing.close();
    }
  });
});
