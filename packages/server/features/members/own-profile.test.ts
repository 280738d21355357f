import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/http-client.ts';
import { pathOf, startTestServer, validSignup, type TestServer } from '../../test/test-server.ts';

/**
 * A member sees her own photo while it awaits its check, everywhere she sees herself; nobody else
 * gets it anywhere (DESIGN.md: unapproved photos reach nobody but their owner and operators).
 */
let server: TestServer;
let owner: { id: number; browser: TestClient };
let other: { id: number; browser: TestClient };
let photo: { id: number; filename: string; thumb_filename: string };

let counter = 0;
async function activeMember(gender: 'female' | 'male') {
  const browser = server.client();
  const res = await browser.post<{ user: { profile: { id: number } } }>(
    '/api/signup.php',
    validSignup({ email: `own-${++counter}@example.com`, gender }),
  );
  await browser.get(pathOf(server.latestActivationLink()));
  return { id: res.body.user.profile.id, browser };
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await activeMember('female');
  other = await activeMember('male');
  const jpeg = await sharp({ create: { width: 480, height: 600, channels: 3, background: '#3c82be' } })
    .jpeg()
    .toBuffer();
  const res = await owner.browser.request<{ photo: typeof photo & { status: string } }>('POST', '/api/photos.php', {
    raw: jpeg,
    headers: { 'content-type': 'image/jpeg' },
  });
  expect(res.body.photo.status).toBe('inspection');
  photo = res.body.photo;
  // She liked him: her profile is in his likes, and he may open it.
  await owner.browser.post('/api/like.php', { profile_id: other.id });
});
afterAll(() => server.close());

type Image = { thumb_filename: string; status: string } | null;

describe("a member's own photo awaiting its check", () => {
  it('shows on her own profile page, marked, with no relation to herself', async () => {
    const res = await owner.browser.get<{
      profile: { id: number; main_image: Image };
      liked: boolean;
      match: boolean;
      blocked: boolean;
    }>(`/api/member.php?id=${owner.id}`);
    expect(res.status).toBe(200);
    expect(res.body.profile.main_image).toMatchObject({ thumb_filename: photo.thumb_filename, status: 'inspection' });
    expect(res.body).toMatchObject({ liked: false, match: false, blocked: false });
    const photos = await owner.browser.get<{ photos: { id: number; pending?: boolean }[] }>(
      `/api/member-photos.php?id=${owner.id}`,
    );
    expect(photos.body.photos).toEqual([expect.objectContaining({ id: photo.id, locked: false, pending: true })]);
    expect((await owner.browser.get(photo.thumb_filename)).status).toBe(200);
  });

  it('reaches no other member: profile, photos, search, likes, the file itself', async () => {
    const profile = await other.browser.get<{ profile: { main_image: Image } }>(`/api/member.php?id=${owner.id}`);
    expect(profile.status).toBe(200);
    expect(profile.body.profile.main_image).toBeNull();
    const photos = await other.browser.get<{ photos: unknown[] }>(`/api/member-photos.php?id=${owner.id}`);
    expect(photos.body.photos).toEqual([]);
    const search = await other.browser.get<{ profiles: { id: number; main_image: Image }[] }>(
      '/api/members.php?gender=female',
    );
    expect(search.body.profiles.find((p) => p.id === owner.id)?.main_image).toBeNull();
    const likes = await other.browser.get<{ profiles: { id: number; main_image: Image }[] }>('/api/likes.php');
    expect(likes.body.profiles.find((p) => p.id === owner.id)?.main_image).toBeNull();
    const fresh = await server.client().get<{ profiles: { id: number }[] }>('/api/new-members.php');
    expect(fresh.body.profiles.map((p) => p.id)).not.toContain(owner.id);
    for (const file of [photo.filename, photo.thumb_filename]) {
      expect((await other.browser.get(file)).status).toBe(404);
      expect((await server.client().get(file)).status).toBe(404);
    }
  });
});
