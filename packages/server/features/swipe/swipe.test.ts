import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SWIPE_LIKES_PER_DAY } from '@datekit/runtime/rules/constants';
import type { TestClient } from '../../test/http-client.ts';
import { insertMember } from '../users/insert-member.ts';
import { pathOf, startTestServer, validSignup, type TestServer } from '../../test/test-server.ts';

let server: TestServer;
const targets: number[] = [];
beforeAll(async () => {
  server = await startTestServer();
  for (let i = 0; i < 12; i++) {
    targets.push(
      await insertMember(server.services.db, {
        brand: 'alpha.test',
        email: `swipe-target-${i}@people.test`,
        passwordHash: null,
        status: 'active',
        language: 'en',
        createdAt: server.services.now() - i,
        acceptedTermsAt: null,
        profile: { name: `Target${i}`, gender: 'female', birth_date: '1990-05-05', country: 'NL', status: 'active' },
      }),
    );
  }
});
afterAll(() => server.close());

let counter = 0;
async function swiper(): Promise<TestClient> {
  const browser = server.client();
  await browser.post('/api/signup.php', validSignup({ email: `swiper-${++counter}@example.com`, gender: 'male' }));
  await browser.get(pathOf(server.latestActivationLink()));
  return browser;
}

describe('swipe game', () => {
  it(`allows ${SWIPE_LIKES_PER_DAY} likes a day, then refuses until local midnight`, async () => {
    const browser = await swiper();
    const start = await browser.get<{ candidates: { id: number }[]; likes_left: number; resets_at: string }>(
      '/api/swipe.php',
    );
    expect(start.body.likes_left).toBe(SWIPE_LIKES_PER_DAY);
    expect(start.body.candidates.length).toBeGreaterThan(SWIPE_LIKES_PER_DAY);
    for (let i = 0; i < SWIPE_LIKES_PER_DAY; i++) {
      const res = await browser.post('/api/swipe.php', { profile_id: targets[i] });
      expect(res.body).toMatchObject({ likes_left: SWIPE_LIKES_PER_DAY - 1 - i });
    }
    const refused = await browser.post('/api/swipe.php', { profile_id: targets[SWIPE_LIKES_PER_DAY] });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('swipe_limit');
    const after = await browser.get<{ candidates: { id: number }[] }>('/api/swipe.php');
    expect(after.body.candidates.map((c) => c.id)).not.toContain(targets[0]);

    server.advance(Date.parse(start.body.resets_at) - server.services.now() + 1000);
    expect((await browser.post('/api/swipe.php', { profile_id: targets[SWIPE_LIKES_PER_DAY] })).status).toBe(200);
  });

  it('counts parallel swipes exactly: never more than the daily likes', async () => {
    const browser = await swiper();
    const results = await Promise.all(
      targets.slice(0, 10).map((id) => browser.post('/api/swipe.php', { profile_id: id })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(SWIPE_LIKES_PER_DAY);
    expect(results.filter((r) => r.status === 429)).toHaveLength(10 - SWIPE_LIKES_PER_DAY);
    const likes = await browser.get<{ likes: unknown[] }>('/api/likes.php');
    expect(likes.body.likes).toHaveLength(SWIPE_LIKES_PER_DAY);
  });
});
