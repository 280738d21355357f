import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_PHOTO_LIMIT } from '@datekit/runtime/rules/constants';
import type { TestClient } from '../../test/http-client.ts';
import { pathOf, startTestServer, validSignup, type TestServer } from '../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

let counter = 0;
async function activeMember(): Promise<{ id: number; browser: TestClient }> {
  const browser = server.client();
  const res = await browser.post<{ user: { profile: { id: number } } }>(
    '/api/signup.php',
    validSignup({ email: `photos-${++counter}@example.com` }),
  );
  await browser.get(pathOf(server.latestActivationLink()));
  return { id: res.body.user.profile.id, browser };
}

/** A real JPEG with EXIF including a GPS position, as a phone would send it. */
const jpegWithGps = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 80, b: 120 } } })
    .jpeg()
    .withExifMerge({
      IFD0: { Make: 'PhoneCo', Artist: 'Secret Name' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 22/1 0/1' },
    })
    .toBuffer();

const upload = (browser: TestClient, body: Buffer, type = 'image/jpeg') =>
  browser.request<{ photo?: { id: number; filename: string; status: string; is_main: boolean }; error?: string }>(
    'POST',
    '/api/photos.php',
    {
      raw: body,
      headers: { 'content-type': type },
    },
  );

const approveAll = (profileId: number) =>
  server.services.db.updateTable('photos').set({ status: 'active' }).where('profile_id', '=', profileId).execute();

describe('photo upload', () => {
  it('re-encodes to WebP without any metadata, in inspection, the first one as main image', async () => {
    const { browser } = await activeMember();
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await upload(browser, original);
    expect(res.status).toBe(201);
    expect(res.body.photo).toMatchObject({ status: 'inspection', is_main: true });
    const stored = await browser.get(res.body.photo!.filename);
    expect(stored.headers['content-type']).toBe('image/webp');
    const bytes = stored.bytes;
    const info = await sharp(bytes).metadata();
    expect(info.format).toBe('webp');
    expect(info.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('Secret Name'))).toBe(false);
    expect(
      (await browser.get<{ user: { profile: { main_image: { status: string } } } }>('/api/user.php')).body.user.profile
        .main_image.status,
    ).toBe('inspection');
  });

  it.each([
    ['text pretending to be a JPEG', Buffer.from('<?php system($_GET["c"]); ?>'), 'image/jpeg', 422],
    ['a truncated JPEG', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70]), 'image/jpeg', 422],
    [
      'an SVG (scriptable)',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'image/svg+xml',
      415,
    ],
    ['a PDF', Buffer.from('%PDF-1.4\n'), 'application/pdf', 415],
  ])('refuses %s and stores nothing', async (_case, body, type, status) => {
    const { id, browser } = await activeMember();
    const res = await upload(browser, body, type);
    expect(res.status).toBe(status);
    const photos = await server.services.db.selectFrom('photos').select('id').where('profile_id', '=', id).execute();
    expect(photos).toEqual([]);
  });

  it('refuses images that are too small or have too many pixels (decompression bombs)', async () => {
    const { browser } = await activeMember();
    const tiny = await sharp({ create: { width: 60, height: 60, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    expect((await upload(browser, tiny, 'image/png')).body.error).toBe('invalid_image');
    const bomb = await sharp({ create: { width: 9000, height: 9000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(2_000_000);
    expect((await upload(browser, bomb, 'image/png')).body.error).toBe('invalid_image');
  });

  it(`holds ${FREE_PHOTO_LIMIT} photos for a free member and more for a premium one`, async () => {
    const { id, browser } = await activeMember();
    const photo = await jpegWithGps();
    for (let i = 0; i < FREE_PHOTO_LIMIT; i++) expect((await upload(browser, photo)).status).toBe(201);
    const over = await upload(browser, photo);
    expect(over.status).toBe(422);
    expect(over.body).toMatchObject({ error: 'photo_limit', max: FREE_PHOTO_LIMIT });
    await server.services.db.updateTable('users').set({ paid_user: 1 }).where('id', '=', id).execute();
    expect((await upload(browser, photo)).status).toBe(201);
  });

  it('lets the owner choose the main image and delete photos; others cannot touch them', async () => {
    const owner = await activeMember();
    const other = await activeMember();
    const first = (await upload(owner.browser, await jpegWithGps())).body.photo!;
    const second = (await upload(owner.browser, await jpegWithGps())).body.photo!;
    expect((await other.browser.put('/api/photos.php', { id: second.id })).status).toBe(404);
    expect((await other.browser.request('DELETE', '/api/photos.php', { body: { id: first.id } })).status).toBe(404);
    const mine = () => owner.browser.get<{ photos: { id: number; is_main: boolean }[] }>('/api/photos.php');
    expect((await owner.browser.put('/api/photos.php', { id: second.id })).status).toBe(200);
    // Both photos are kept; the chosen one is main and listed first.
    expect((await mine()).body.photos).toEqual([
      expect.objectContaining({ id: second.id, is_main: true }),
      expect.objectContaining({ id: first.id, is_main: false }),
    ]);
    // Deleting the main photo makes the newest remaining one main.
    await owner.browser.request('DELETE', '/api/photos.php', { body: { id: second.id } });
    expect((await mine()).body.photos).toEqual([expect.objectContaining({ id: first.id, is_main: true })]);
    expect((await owner.browser.get(second.filename)).status).toBe(404);
  });
});

describe("the member's own answer (user.php) names what the profile lacks", () => {
  const missing = async (browser: TestClient) =>
    (await browser.get<{ user: { profile_missing: string[] } }>('/api/user.php')).body.user.profile_missing;

  it('as profile.php does: a photo awaiting its check counts, interests count as words about the member', async () => {
    const { browser } = await activeMember();
    expect(await missing(browser)).toEqual(['photo', 'about', 'location']);
    await browser.put('/api/profile.php', { interests: [3], city: 'Gent' });
    expect(await missing(browser)).toEqual(['photo']);
    expect((await upload(browser, await jpegWithGps())).status).toBe(201);
    expect(await missing(browser)).toEqual([]);
    const own = await browser.get<{ profile: { missing: string[] } }>('/api/profile.php');
    expect(own.body.profile.missing).toEqual([]);
  });
});

describe("viewing another member's photos", () => {
  it('a free viewer gets the main photo in full and only blurred versions of the rest; never photos in inspection', async () => {
    const owner = await activeMember();
    for (let i = 0; i < 3; i++) await upload(owner.browser, await jpegWithGps());
    await approveAll(owner.id);
    await server.services.db.updateTable('users').set({ paid_user: 1 }).where('id', '=', owner.id).execute();
    await upload(owner.browser, await jpegWithGps()); // a fourth, still in inspection: never shown to others
    const viewer = await activeMember();
    const res = await viewer.browser.get<{
      photos: ({ locked: false; filename: string } | { locked: true; blurred: string })[];
    }>(`/api/member-photos.php?id=${owner.id}`);
    expect(res.body.photos.map((p) => p.locked)).toEqual([false, true, true]);
    const own = await owner.browser.get<{ photos: { filename: string }[] }>('/api/photos.php');
    const fullNames = own.body.photos.slice(1).map((p) => p.filename);
    for (const name of fullNames) expect(res.text).not.toContain(name.replace('/media/', ''));
    const blurred = res.body.photos[1] as { blurred: string };
    const bytes = (await viewer.browser.get(blurred.blurred)).bytes;
    expect((await sharp(bytes).metadata()).width).toBeLessThanOrEqual(320);
  });

  it('a premium viewer sees every checked photo in full', async () => {
    const owner = await activeMember();
    for (let i = 0; i < 2; i++) await upload(owner.browser, await jpegWithGps());
    await approveAll(owner.id);
    await upload(owner.browser, await jpegWithGps());
    const viewer = await activeMember();
    await server.services.db.updateTable('users').set({ paid_user: 1 }).where('id', '=', viewer.id).execute();
    const res = await viewer.browser.get<{ photos: { locked: boolean }[] }>(`/api/member-photos.php?id=${owner.id}`);
    expect(res.body.photos.map((p) => p.locked)).toEqual([false, false]);
  });

  it('a blocked member gets no photos of the blocker', async () => {
    const owner = await activeMember();
    const viewer = await activeMember();
    await owner.browser.post('/api/block.php', { profile_id: viewer.id });
    expect((await viewer.browser.get(`/api/member-photos.php?id=${owner.id}`)).status).toBe(403);
  });
});
