import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf, startTestServer, validSignup, type TestServer } from '../../test/test-server.ts';
import { approvePhotos, photosToCheck, rejectPhotos } from './moderation.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('photo moderation', () => {
  it('lists photos in inspection; approving shows them, rejecting deletes them and their files', async () => {
    const browser = server.client();
    const res = await browser.post<{ user: { profile: { id: number } } }>(
      '/api/signup.php',
      validSignup({ email: 'moderated@example.com' }),
    );
    await browser.get(pathOf(server.latestActivationLink()));
    const image = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#a33' } })
      .jpeg()
      .toBuffer();
    const upload = () =>
      browser.request<{ photo: { id: number; filename: string } }>('POST', '/api/photos.php', {
        raw: image,
        headers: { 'content-type': 'image/jpeg' },
      });
    const [first, second] = [(await upload()).body.photo, (await upload()).body.photo];

    const waiting = await photosToCheck(server.services, 'alpha.test');
    expect(waiting.map((p) => p.id)).toEqual([first.id, second.id]);
    expect(waiting[0]).toMatchObject({ profileId: res.body.user.profile.id, name: 'AnnaB', brand: 'alpha.test' });
    expect(await photosToCheck(server.services, 'beta.test')).toEqual([]);

    expect(await approvePhotos(server.services, [first.id, 999])).toEqual([first.id]);
    expect(await rejectPhotos(server.services, [second.id, first.id])).toEqual([second.id]);
    expect(await photosToCheck(server.services)).toEqual([]);
    expect((await browser.get(second.filename)).status).toBe(404);
    const mine = await browser.get<{ photos: { id: number; status: string }[] }>('/api/photos.php');
    expect(mine.body.photos).toEqual([expect.objectContaining({ id: first.id, status: 'active' })]);
  });
});
