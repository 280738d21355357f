import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf, PRODUCTION_ENV, startTestServer, validSignup, type TestServer } from '../../test/test-server.ts';
import { OPERATOR_SESSION_MS } from './operator-sessions.ts';
import { MAX_FAILED_LOGINS } from '../auth/login-throttle.ts';
import { createOperator } from './operators.ts';
import { OPERATOR_HOST, OPERATOR_PASSWORD, signedInOperator, totpCode } from './test-operators.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

describe('operator host', () => {
  it('tells the console whether the installation is a test site (production running the sandbox)', async () => {
    expect((await server.client(OPERATOR_HOST).get('/api/operator/me')).body.test_site).toBe(false);
    const production = await startTestServer({ env: PRODUCTION_ENV });
    try {
      expect((await production.client(OPERATOR_HOST).get('/api/operator/me')).body.test_site).toBe(true);
    } finally {
      await production.close();
    }
  });

  it('answers /api/operator/ with 404 on a brand host', async () => {
    const res = await server.client('alpha.test').get('/api/operator/me');
    expect(res.status).toBe(404);
    const login = await server.client('alpha.test').post('/api/operator/login', { email: 'a@b.c', password: 'x' });
    expect(login.status).toBe(404);
  });

  it('does not serve the brand API on the operator host', async () => {
    const res = await server.client(OPERATOR_HOST).get('/api/user.php');
    expect(res.status, res.text).toBe(404);
    expect(res.body.error).toBe('unknown_host');
    expect((await server.client(OPERATOR_HOST).get('/api/settings.php')).status).toBe(404);
  });
});

describe('operator login', () => {
  let secret: string;
  const email = 'login@ops.test';

  beforeAll(async () => {
    secret = (await createOperator(server.services, { email, role: 'support', password: OPERATOR_PASSWORD }))
      .totpSecret;
  });

  it('gives no session for the password alone, nor the TOTP secret: the first time, only that enrolment is due', async () => {
    const browser = server.client(OPERATOR_HOST);
    const step = await browser.post<{ challenge: string; enrolment_required: boolean }>('/api/operator/login', {
      email,
      password: OPERATOR_PASSWORD,
    });
    expect(step.status).toBe(200);
    expect(Object.keys(step.body).sort()).toEqual(['challenge', 'enrolment_required']);
    expect(step.body.enrolment_required).toBe(true);
    expect(step.text).not.toContain(secret);
    expect(browser.cookies.has('dk_operator')).toBe(false);
    expect((await browser.get('/api/operator/me')).body).toEqual({ operator: null, brands: [], test_site: false });
    const audit = await browser.get('/api/operator/audit');
    expect(audit.status).toBe(403);
    expect(audit.body.error).toBe('authentication_required');
  });

  it('refuses a wrong code and a code without the password step', async () => {
    const browser = server.client(OPERATOR_HOST);
    const step = await browser.post<{ challenge: string }>('/api/operator/login', {
      email,
      password: OPERATOR_PASSWORD,
    });
    const wrong = await browser.post('/api/operator/login/code', {
      email,
      challenge: step.body.challenge,
      code: '000000',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('operator_code_invalid');
    const noChallenge = await browser.post('/api/operator/login/code', {
      email,
      challenge: 'made-up',
      code: totpCode(server, secret),
    });
    expect(noChallenge.status).toBe(401);
    expect(browser.cookies.has('dk_operator')).toBe(false);
  });

  it('signs in with password and code: a host-only, HttpOnly cookie of 12 hours', async () => {
    const browser = server.client(OPERATOR_HOST);
    const step = await browser.post<{ challenge: string }>('/api/operator/login', {
      email,
      password: OPERATOR_PASSWORD,
    });
    const code = totpCode(server, secret);
    const done = await browser.post('/api/operator/login/code', { email, challenge: step.body.challenge, code });
    expect(done.status).toBe(200);
    const cookie = String(done.headers['set-cookie']);
    expect(cookie).toMatch(/dk_operator=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Max-Age=43200/);
    expect(cookie).not.toMatch(/Domain=/i);
    const me = await browser.get<{ operator: { email: string; role: string; permissions: string[] } }>(
      '/api/operator/me',
    );
    expect(me.body.operator).toMatchObject({ email, role: 'support' });
    expect(me.body.operator.permissions).toContain('members.credits');

    // The same code is never accepted twice, and the challenge is single-use.
    const again = await server
      .client(OPERATOR_HOST)
      .post<{ challenge: string; enrolment_required: boolean }>('/api/operator/login', {
        email,
        password: OPERATOR_PASSWORD,
      });
    expect(again.body.enrolment_required).toBe(false);
    const replay = await server
      .client(OPERATOR_HOST)
      .post('/api/operator/login/code', { email, challenge: again.body.challenge, code });
    expect(replay.status).toBe(401);
  });

  it('ends the session after 12 hours', async () => {
    const operator = await signedInOperator(server, 'owner', 'expiry@ops.test');
    expect((await operator.browser.get('/api/operator/audit')).status).toBe(200);
    server.advance(OPERATOR_SESSION_MS - 60_000);
    expect((await operator.browser.get('/api/operator/audit')).status).toBe(200);
    server.advance(60_000);
    const expired = await operator.browser.get('/api/operator/audit');
    expect(expired.status).toBe(403);
    expect(expired.body.error).toBe('authentication_required');
  });

  it('blocks the login after too many wrong passwords, as for members', async () => {
    const target = 'locked@ops.test';
    await createOperator(server.services, { email: target, role: 'finance', password: OPERATOR_PASSWORD });
    const browser = server.client(OPERATOR_HOST);
    for (let i = 1; i < MAX_FAILED_LOGINS; i++) {
      const res = await browser.post('/api/operator/login', { email: target, password: 'wrong password!' });
      expect(res.body.error).toBe('login_failed');
    }
    const last = await browser.post('/api/operator/login', { email: target, password: 'wrong password!' });
    expect(last.status).toBe(429);
    expect(last.body.error).toBe('login_blocked');
    const right = await browser.post('/api/operator/login', { email: target, password: OPERATOR_PASSWORD });
    expect(right.body.error).toBe('login_blocked');
  });

  it("does not let a member's session stand in for an operator's", async () => {
    const member = server.client('alpha.test');
    await member.post('/api/signup.php', validSignup({ email: 'member-on-ops@example.com' }));
    await member.get(pathOf(server.latestActivationLink()));
    const session = member.cookies.get('dk_session')!;
    const onOps = server.client(OPERATOR_HOST);
    onOps.cookies.set('dk_session', session);
    const res = await onOps.get('/api/operator/audit');
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('authentication_required');
  });
});

describe('audit log', () => {
  it('records logins and account changes; owners read it, other roles may not', async () => {
    const owner = await signedInOperator(server, 'owner', 'auditor@ops.test');
    const moderator = await signedInOperator(server, 'moderator', 'mod-audit@ops.test');
    const res = await owner.browser.get<{ entries: { action: string; operator_email: string }[] }>(
      '/api/operator/audit',
    );
    expect(res.status, res.text).toBe(200);
    const actions = res.body.entries.map((e) => `${e.action} ${e.operator_email}`);
    expect(actions).toContain('operator.add command line');
    expect(actions).toContain('operator.enrol mod-audit@ops.test');
    const refused = await moderator.browser.get('/api/operator/audit');
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('operator_forbidden');
  });
});
