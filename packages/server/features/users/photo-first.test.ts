import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMember } from './insert-member.ts';
import { pathOf, startTestServer, validSignup, type TestServer } from '../../test/test-server.ts';
import type { TestClient } from '../../test/http-client.ts';

/**
 * Every list of other members puts those whom others see with a photo (an approved main photo) before
 * those without: no photo at all, or one still waiting for its check. Among each, newest first.
 */
let server: TestServer;
let viewer: { id: number; browser: TestClient };
const year = new Date().getUTCFullYear();
const ids: Record<'noPhoto' | 'pending' | 'photoNew' | 'photoOld', number> = {
  noPhoto: 0,
  pending: 0,
  photoNew: 0,
  photoOld: 0,
};

async function woman(name: string, minutesAgo: number, photo: 'active' | 'inspection' | null) {
  const now = server.services.now();
  const id = await insertMember(server.services.db, {
    brand: 'alpha.test',
    email: `${name.toLowerCase()}@photo-first.test`,
    passwordHash: null,
    status: 'active',
    language: 'en',
    createdAt: now - minutesAgo * 60_000,
    acceptedTermsAt: null,
    profile: { name, gender: 'female', birth_date: `${year - 30}-01-01`, country: 'NL', status: 'active' },
  });
  if (photo) {
    await server.services.db
      .insertInto('photos')
      .values({
        profile_id: id,
        filename: `photos/${name}.webp`,
        thumb_filename: `photos/${name}-t.webp`,
        match_filename: `photos/${name}-m.webp`,
        status: photo,
        is_main: 1,
        created_at: now,
      })
      .execute();
  }
  return id;
}

beforeAll(async () => {
  server = await startTestServer();
  // Newest first by signup: no photo, pending photo, then the two with a photo.
  ids.noPhoto = await woman('Nophoto', 1, null);
  ids.pending = await woman('Pending', 2, 'inspection');
  ids.photoNew = await woman('Photonew', 3, 'active');
  ids.photoOld = await woman('Photoold', 4, 'active');
  const browser = server.client();
  const res = await browser.post<{ user: { profile: { id: number } } }>(
    '/api/signup.php',
    validSignup({ email: 'photo-first-viewer@example.com', gender: 'male' }),
  );
  await browser.get(pathOf(server.latestActivationLink()));
  viewer = { id: res.body.user.profile.id, browser };
});
afterAll(() => server.close());

const expected = () => [ids.photoNew, ids.photoOld, ids.noPhoto, ids.pending];

describe('members with a visible photo come first', () => {
  it('in the search and the first matches after signup (its first page)', async () => {
    const res = await viewer.browser.get<{ profiles: { id: number; main_image: unknown }[] }>('/api/members.php');
    expect(res.body.profiles.map((p) => p.id)).toEqual(expected());
    // The pending photo reaches nobody but its owner.
    expect(res.body.profiles.find((p) => p.id === ids.pending)!.main_image).toBeNull();
  });

  it('among the similar members a narrow search suggests', async () => {
    const res = await viewer.browser.get<{ profiles: unknown[]; similar: { id: number }[] }>(
      '/api/members.php?country=BE',
    );
    expect(res.body.profiles).toEqual([]);
    expect(res.body.similar.map((p) => p.id)).toEqual(expected());
  });

  it('in the swipe game', async () => {
    const res = await viewer.browser.get<{ candidates: { id: number }[] }>('/api/swipe.php');
    expect(res.body.candidates.map((p) => p.id)).toEqual(expected());
  });

  it('in likes received, sent and matches (a new like still leads the received ones)', async () => {
    const now = server.services.now();
    // Liked and liked back, the members without a photo most recently.
    const order = [ids.photoOld, ids.photoNew, ids.pending, ids.noPhoto];
    await server.services.db
      .insertInto('likes')
      .values(
        order.flatMap((id, i) => [
          { liker_id: id, liked_id: viewer.id, created_at: now - (10 - i) * 1000, is_new: 0 },
          { liker_id: viewer.id, liked_id: id, created_at: now - (10 - i) * 1000, is_new: 0 },
        ]),
      )
      .execute();
    type Likes = { liked_by: { id: number }[]; likes: { id: number }[]; matches: number[] };
    const res = await viewer.browser.get<Likes>('/api/likes.php');
    expect(res.body.liked_by.map((l) => l.id)).toEqual(expected());
    expect(res.body.likes.map((l) => l.id)).toEqual(expected());
    expect(res.body.matches).toEqual(expected());

    await server.services.db
      .updateTable('likes')
      .set({ is_new: 1 })
      .where('liker_id', '=', ids.pending)
      .where('liked_id', '=', viewer.id)
      .execute();
    const withNew = await viewer.browser.get<Likes>('/api/likes.php');
    expect(withNew.body.liked_by.map((l) => l.id)).toEqual([ids.pending, ids.photoNew, ids.photoOld, ids.noPhoto]);
  });
});
