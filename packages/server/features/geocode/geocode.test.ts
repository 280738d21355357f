import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('geocode.php', () => {
  it('names the nearest town with its country and region, cached for an hour', async () => {
    const res = await server.client().get('/api/geocode.php?lat=52.09&lon=5.12');
    expect(res.body).toEqual({ place: { name: 'Utrecht', country: 'NL', region: 'NL-UT' } });
    expect(res.headers['cache-control']).toBe('private, max-age=3600');
  });

  it('answers null far from any town', async () => {
    expect((await server.client().get('/api/geocode.php?lat=54.5&lon=3.0')).body).toEqual({ place: null });
  });

  it.each(['lat=abc&lon=5', 'lat=91&lon=5', 'lat=52', ''])('refuses %s with a 4xx', async (query) => {
    expect((await server.client().get(`/api/geocode.php?${query}`)).status).toBe(422);
  });
});
