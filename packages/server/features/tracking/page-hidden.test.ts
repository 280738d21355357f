import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const bounces = () => server.services.db.selectFrom('page_bounces').selectAll().orderBy('id').execute();

describe('page-hidden.php', () => {
  it('records the lander and its tracking parameters from a beacon without the client header', async () => {
    const res = await server.client().post(
      '/api/page-hidden.php',
      {},
      {
        noClientHeader: true,
        headers: { referer: 'http://alpha.test/landers/gallery/milf?lb=1&network=ads&sub1=x&other=y' },
      },
    );
    expect(res.status).toBe(204);
    expect(await bounces()).toEqual([
      expect.objectContaining({
        brand: 'alpha.test',
        path: '/landers/gallery/milf',
        network: 'ads',
        sub1: 'x',
        ref: null,
      }),
    ]);
  });

  it("ignores beacons whose page is not on the brand's host", async () => {
    const before = (await bounces()).length;
    for (const referer of ['http://evil.example/landers/gallery', 'not a url']) {
      const res = await server
        .client()
        .post('/api/page-hidden.php', {}, { noClientHeader: true, headers: { referer } });
      expect(res.status).toBe(204);
    }
    expect(await server.client().post('/api/page-hidden.php', {}, { noClientHeader: true })).toMatchObject({
      status: 204,
    });
    expect(await bounces()).toHaveLength(before);
  });

  it('refuses a body that is not an empty JSON object', async () => {
    const res = await server.client().request('POST', '/api/page-hidden.php', { raw: '[1,2]', noClientHeader: true });
    expect(res.status).toBe(422);
  });
});
