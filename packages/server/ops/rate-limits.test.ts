import { randomBytes } from 'node:crypto';
import type { Locale } from '@datekit/runtime/data/locales';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from '../app.ts';
import { FIXTURE_BRANDS } from '../test/fixture-brands.ts';
import type { TestResponse } from '../test/http-client.ts';
import { startTestServer, validSignup, type TestServer } from '../test/test-server.ts';
import { RATE_LIMITS } from './rate-limits.ts';
import { retryWait } from './retry-wait.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMIT: 'on' } });
});
afterAll(() => server.close());

/**
 * The answer past the signup limit: 429, a Retry-After within the limit's window, and the error in
 * `lang` naming the wait that Retry-After gives (the message and the header never disagree).
 */
function expectSignupLimited(limited: TestResponse, on: TestServer, lang: Locale): void {
  expect(limited.status).toBe(429);
  const retryAfter = Number(limited.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(RATE_LIMITS.signup.windowMs / 1000);
  expect(limited.body).toEqual({
    error: 'rate_limited',
    message: on.services.translate(lang, 'errors:rate_limited', { ...retryWait(retryAfter) }),
  });
}

describe('rate limits', () => {
  it('the routes that spam or guess through declare a limit', () => {
    const limited = API_ROUTES.filter((route) => route.rateLimit).map((route) => `${route.method} ${route.url}`);
    expect(limited.sort()).toEqual(
      [
        'POST /api/account-reactivate.php',
        'POST /api/activation-mail.php',
        'POST /api/chat-photo.php',
        'POST /api/chat-typing.php',
        'POST /api/complaint.php',
        'POST /api/report.php',
        'POST /api/directdebit.php',
        'POST /api/directdebit-confirm.php',
        'POST /api/directdebit-payment.php',
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
    expectSignupLimited(limited, server, 'nl');
    // An hour's window, just opened: the wait in whole hours (or minutes on a very slow machine).
    expect(limited.body.message).toMatch(/^Te veel pogingen\. Probeer het over (1 uur|\d+ minuten) opnieuw\.$/);
    const user = await server.services.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'limit-over@example.com')
      .executeTakeFirst();
    expect(user).toBeUndefined();
  });

  it('a client without a language cookie is answered in the first language of its Accept-Language the brand shows', async () => {
    const alpha = FIXTURE_BRANDS[0]!;
    const german = await startTestServer({
      env: { RATE_LIMIT: 'on' },
      brands: [{ ...alpha, languages: [...alpha.languages, 'de'] }],
    });
    try {
      const browser = german.client();
      const headers = { 'accept-language': 'fr-CH, de;q=0.9, en;q=0.8' };
      // Counted before the body is read: refused bodies count as attempts too.
      for (let i = 0; i < RATE_LIMITS.signup.max; i++) {
        expect((await browser.post('/api/signup.php', {}, { headers })).status).not.toBe(429);
      }
      const limited = await browser.post('/api/signup.php', {}, { headers });
      expectSignupLimited(limited, german, 'de');
      expect(limited.body.message).toMatch(/^Zu viele Versuche\. Versuch es in (1 Stunde|\d+ Minuten) noch einmal\.$/);
      // A language the brand does not show is passed over; none at all: the brand's language.
      const english = await browser.post('/api/signup.php', {}, { headers: { 'accept-language': 'pl' } });
      expect(english.body.message).toMatch(/^Too many attempts\. Try again in /);
    } finally {
      await german.close();
    }
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
    const env = { RATE_LIMIT: 'on', REDIS_URL };
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

  it('keys their counters `<RATE_LIMIT_PREFIX><rule>:<client>`', async () => {
    const prefix = `datekit-test-${randomBytes(4).toString('hex')}:`;
    const server = await startTestServer({ env: { RATE_LIMIT: 'on', REDIS_URL, RATE_LIMIT_PREFIX: prefix } });
    const redis = new Redis(REDIS_URL);
    try {
      const browser = server.client();
      await browser.post('/api/signup.php', {});
      browser.cookies.set('dk_session', 'a-session');
      await browser.post('/api/message.php', { profile_id: 1, text: 'x' });
      await browser.post('/api/gift.php', { profile_id: 1, gift_id: 1 });
      const keys = (await keysStartingWith(redis, prefix)).sort();
      expect(keys).toHaveLength(2);
      expect(keys[0]).toMatch(new RegExp(`^${prefix}messages:s:[\\w-]{22}$`));
      expect(keys[1]).toBe(`${prefix}signup:ip:127.0.0.1`);
      // The message and the gift counted on the one key of their rule.
      expect(await redis.get(keys[0]!)).toBe('2');
    } finally {
      const keys = await keysStartingWith(redis, prefix);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
      await server.close();
    }
  });
});

/** The keys starting with `prefix`, by SCAN (KEYS blocks a shared Redis). */
async function keysStartingWith(redis: Redis, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const batch of redis.scanStream({ match: `${prefix}*` })) keys.push(...(batch as string[]));
  return keys;
}
