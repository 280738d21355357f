import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from '../app.ts';
import { startTestServer, validSignup, type TestServer } from '../test/test-server.ts';
import { RATE_LIMITS } from './rate-limits.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMIT: 'on' } });
});
afterAll(() => server.close());

describe('rate limits', () => {
  it('the routes that spam or guess through declare a limit', () => {
    const limited = API_ROUTES.filter((route) => route.rateLimit).map((route) => `${route.method} ${route.url}`);
    expect(limited.sort()).toEqual(
      [
        'POST /api/account-reactivate.php',
        'POST /api/activation-mail.php',
        'POST /api/chat-photo.php',
        'POST /api/complaint.php',
        'POST /api/report.php',
        'POST /api/directdebit.php',
        'POST /api/gift.php',
        'POST /api/like.php',
        'POST /api/message.php',
        'POST /api/password-reset-do.php',
        'POST /api/password-reset.php',
        'POST /api/payment.php',
        'POST /api/repeat-order.php',
        'POST /api/photos.php',
        'POST /api/push-subscription.php',
        'POST /api/signup.php',
        'POST /api/swipe.php',
        'POST /api/user.php',
      ].sort(),
    );
  });

  it('one address past the signup limit gets 429 in its language with Retry-After, and nothing is created', async () => {
    const browser = server.client();
    browser.cookies.set('lang', 'nl');
    for (let i = 0; i < RATE_LIMITS.signup.max; i++) {
      const res = await browser.post('/api/signup.php', validSignup({ email: `limit-${i}@example.com` }));
      expect(res.status).not.toBe(429);
      browser.cookies.delete('dk_session');
    }
    const limited = await browser.post('/api/signup.php', validSignup({ email: 'limit-over@example.com' }));
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      error: 'rate_limited',
      message: server.services.translate('nl', 'errors:rate_limited'),
    });
    expect(limited.body.message).not.toBe(server.services.translate('en', 'errors:rate_limited'));
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(RATE_LIMITS.signup.windowMs / 1000);
    const user = await server.services.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'limit-over@example.com')
      .executeTakeFirst();
    expect(user).toBeUndefined();
  });

  it('counts per rule: logging in is not blocked by the signup limit', async () => {
    const res = await server
      .client()
      .post('/api/user.php', { email: 'nobody@example.com', password: 'wrong password' });
    expect(res.status).not.toBe(429);
  });

  it('session-keyed limits count each session apart; gifts share the messages counter', async () => {
    const spammer = server.client();
    spammer.cookies.set('dk_session', 'one-session');
    for (let i = 0; i < RATE_LIMITS.messages.max; i++) {
      expect((await spammer.post('/api/message.php', { profile_id: 1, text: 'x' })).status).not.toBe(429);
    }
    expect((await spammer.post('/api/message.php', { profile_id: 1, text: 'x' })).status).toBe(429);
    // Gifts share the messages counter.
    expect((await spammer.post('/api/gift.php', { profile_id: 1, gift_id: 1 })).status).toBe(429);
    const other = server.client();
    other.cookies.set('dk_session', 'another-session');
    expect((await other.post('/api/message.php', { profile_id: 1, text: 'x' })).status).not.toBe(429);
  });
});

describe('rate limits with several instances', () => {
  it('share their counters through Redis (REDIS_URL)', async () => {
    const env = { RATE_LIMIT: 'on', REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' };
    const [a, b] = [await startTestServer({ env }), await startTestServer({ env })];
    try {
      const session = randomBytes(12).toString('hex');
      const [onA, onB] = [a.client(), b.client()];
      onA.cookies.set('dk_session', session);
      onB.cookies.set('dk_session', session);
      for (let i = 0; i < RATE_LIMITS.messages.max; i++) {
        const browser = i % 2 === 0 ? onA : onB;
        expect((await browser.post('/api/message.php', { profile_id: 1, text: 'x' })).status).not.toBe(429);
      }
      expect((await onA.post('/api/message.php', { profile_id: 1, text: 'x' })).status).toBe(429);
      expect((await onB.post('/api/message.php', { profile_id: 1, text: 'x' })).status).toBe(429);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
