import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../test/http-client.ts';
import { pathOf, startTestServer, validSignup, type TestServer } from '../test/test-server.ts';
import { rekeyLegacyMedia } from './rekey-legacy-media.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ memberCache: true });
});
afterAll(() => server.close());

interface Member {
  id: number;
  browser: TestClient;
}

let counter = 0;
async function member(options: { premium?: boolean } = {}): Promise<Member> {
  const browser = server.client();
  const res = await browser.post<{ user: { profile: { id: number } } }>(
    '/api/signup.php',
    validSignup({ email: `media-${++counter}@example.com`, name: `Media${counter}` }),
  );
  await browser.get(pathOf(server.latestActivationLink()));
  const id = res.body.user.profile.id;
  if (options.premium)
    await server.services.db.updateTable('users').set({ paid_user: 1 }).where('id', '=', id).execute();
  return { id, browser };
}

const image = (background: string) =>
  sharp({ create: { width: 400, height: 300, channels: 3, background } })
    .jpeg()
    .toBuffer();

type OwnPhoto = { id: number; filename: string; thumb_filename: string; match: string };
const upload = async (owner: Member, background = '#a35') =>
  (
    await owner.browser.request<{ photo: OwnPhoto }>('POST', '/api/photos.php', {
      raw: await image(background),
      headers: { 'content-type': 'image/jpeg' },
    })
  ).body.photo;

const approve = (profileId: number) =>
  server.services.db.updateTable('photos').set({ status: 'active' }).where('profile_id', '=', profileId).execute();

const status = async (browser: TestClient, url: string) => (await browser.get(url)).status;

/** An owner with an approved main photo and a second approved photo, which free viewers get only blurred. */
async function ownerWithLockedPhoto() {
  const owner = await member();
  const main = await upload(owner, '#a35');
  const locked = await upload(owner, '#3a5');
  await approve(owner.id);
  const free = await member();
  const viewed = await free.browser.get<{ photos: ({ locked: false } | { locked: true; blurred: string })[] }>(
    `/api/member-photos.php?id=${owner.id}`,
  );
  const blurred = (viewed.body.photos[1] as { blurred: string }).blurred;
  return { owner, main, locked, free, blurred, viewed: viewed.text };
}

describe("a locked photo's full file", () => {
  it('cannot be derived from the blurred URL a free member gets', async () => {
    const { locked, blurred, viewed } = await ownerWithLockedPhoto();
    for (const name of [locked.filename, locked.thumb_filename, locked.match]) {
      expect(viewed).not.toContain(name.replace('/media/', '').replace('.webp', ''));
    }
    // Each variant has its own random name: no shared stem, no suffix to strip.
    const stem = (url: string) => path.basename(url, '.webp');
    expect(stem(blurred)).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set([locked.filename, locked.thumb_filename, locked.match, blurred].map(stem)).size).toBe(4);
  });

  it('is refused (404) to a visitor, a free member and a blocked member, even with the real URL', async () => {
    const { owner, locked, free, blurred } = await ownerWithLockedPhoto();
    const blocked = await member({ premium: true });
    await owner.browser.post('/api/block.php', { profile_id: blocked.id });
    const visitor = server.client();
    for (const url of [locked.filename, locked.thumb_filename, locked.match]) {
      expect(await status(visitor, url)).toBe(404);
      expect(await status(free.browser, url)).toBe(404);
      expect(await status(blocked.browser, url)).toBe(404);
    }
    // The blurred version goes to members who may see the profile, never to the blocked one or visitors.
    expect(await status(free.browser, blurred)).toBe(200);
    expect(await status(visitor, blurred)).toBe(404);
    expect(await status(blocked.browser, blurred)).toBe(404);
  });

  it('is served to its owner and to premium members, privately', async () => {
    const { owner, locked } = await ownerWithLockedPhoto();
    const premium = await member({ premium: true });
    for (const viewer of [owner, premium]) {
      const res = await viewer.browser.get(locked.filename);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toMatch(/^private\b/);
      expect((await sharp(res.bytes).metadata()).format).toBe('webp');
    }
  });

  it('stays refused to a member who blocked the owner', async () => {
    const { owner, locked, main } = await ownerWithLockedPhoto();
    const blocker = await member({ premium: true });
    expect(await status(blocker.browser, locked.filename)).toBe(200);
    await blocker.browser.post('/api/block.php', { profile_id: owner.id });
    expect(await status(blocker.browser, locked.filename)).toBe(404);
    expect(await status(blocker.browser, main.thumb_filename)).toBe(404);
  });
});

describe('an approved main photo', () => {
  it('is public: visitors and free members get it, a blocked member does not', async () => {
    const { owner, main, free } = await ownerWithLockedPhoto();
    const blocked = await member();
    await owner.browser.post('/api/block.php', { profile_id: blocked.id });
    for (const url of [main.filename, main.thumb_filename, main.match]) {
      expect(await status(server.client(), url)).toBe(200);
      expect(await status(free.browser, url)).toBe(200);
      expect(await status(blocked.browser, url)).toBe(404);
    }
  });

  it("is not another brand's to show", async () => {
    const { main } = await ownerWithLockedPhoto();
    expect(await status(server.client('beta.test'), main.thumb_filename)).toBe(404);
  });

  it('becomes locked once another photo is made main', async () => {
    const { owner, main, locked, free } = await ownerWithLockedPhoto();
    await owner.browser.put('/api/photos.php', { id: locked.id });
    expect(await status(free.browser, main.filename)).toBe(404);
    expect(await status(free.browser, locked.filename)).toBe(200);
  });
});

describe('a photo waiting for its check', () => {
  it('reaches its owner only, marked inspection; others see no photo at all', async () => {
    const owner = await member();
    const photo = await upload(owner);
    const premium = await member({ premium: true });
    for (const url of [photo.filename, photo.thumb_filename, photo.match]) {
      expect(await status(owner.browser, url)).toBe(200);
      expect(await status(premium.browser, url)).toBe(404);
      expect(await status(server.client(), url)).toBe(404);
    }
    const own = await owner.browser.get<{
      user: { profile: { main_image: { thumb_filename: string; status: string } } };
    }>('/api/user.php');
    expect(own.body.user.profile.main_image).toMatchObject({
      status: 'inspection',
      thumb_filename: photo.thumb_filename,
    });
    const profile = await owner.browser.get<{ profile: { main_image: unknown } }>('/api/profile.php');
    expect(profile.body.profile.main_image).toMatchObject({ status: 'inspection' });
    const seen = await premium.browser.get<{ profile: { main_image: unknown } }>(`/api/member.php?id=${owner.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body.profile.main_image).toBeNull();
    expect(seen.text).not.toContain(photo.thumb_filename);
  });
});

async function photoChat(recipientPremium: boolean) {
  const sender = await member();
  await server.services.db
    .insertInto('credit_ledger')
    .values({ user_id: sender.id, amount: 100, reason: 'grant', ref: null, note: 'test', created_at: Date.now() })
    .execute();
  const recipient = await member({ premium: recipientPremium });
  const sent = await sender.browser.request<{ message: { photo: string } }>(
    'POST',
    `/api/chat-photo.php?profile_id=${recipient.id}`,
    { raw: await image('#55a'), headers: { 'content-type': 'image/jpeg' } },
  );
  expect(sent.status).toBe(201);
  const chats = await recipient.browser.get<{ chats: { conversation: { id: number } }[] }>('/api/chats.php');
  const seen = await recipient.browser.get<{ messages: { photo: string; photo_locked: boolean }[] }>(
    `/api/chat.php?id=${chats.body.chats[0]!.conversation.id}`,
  );
  return { sender, recipient, full: sent.body.message.photo, seen: seen.body.messages[0]! };
}

describe('chat photos', () => {
  it('reach only the two members of the conversation', async () => {
    const { sender, recipient, full, seen } = await photoChat(false);
    expect(seen.photo_locked).toBe(true);
    expect(path.basename(seen.photo, '.webp')).toMatch(/^[0-9a-f]{32}$/);
    const third = await member({ premium: true });
    for (const url of [full, seen.photo]) {
      expect(await status(third.browser, url)).toBe(404);
      expect(await status(server.client(), url)).toBe(404);
    }
    expect(await status(sender.browser, full)).toBe(200);
    expect(await status(recipient.browser, seen.photo)).toBe(200);
    // A free recipient gets the blurred version only, even with the full file's URL.
    expect(await status(recipient.browser, full)).toBe(404);
  });

  it('reach a premium recipient in full', async () => {
    const { recipient, full, seen } = await photoChat(true);
    expect(seen).toMatchObject({ photo: full, photo_locked: false });
    expect(await status(recipient.browser, full)).toBe(200);
  });
});

describe('/media paths', () => {
  it('never leave the media folder, and serve no file the database does not name', async () => {
    const mediaDir = server.services.config.mediaDir;
    fs.mkdirSync(path.join(mediaDir, 'photos'), { recursive: true });
    const stray = `${'ab'.repeat(16)}.webp`;
    fs.writeFileSync(
      path.join(mediaDir, 'photos', stray),
      await sharp(await image('#000'))
        .webp()
        .toBuffer(),
    );
    fs.writeFileSync(path.join(path.dirname(mediaDir), 'secret.webp'), 'secret');
    const visitor = server.client();
    for (const url of [
      `/media/photos/${stray}`,
      '/media/../secret.webp',
      '/media/photos/../../secret.webp',
      '/media/%2e%2e/secret.webp',
      '/media/photos/%2e%2e%2f%2e%2e%2fsecret.webp',
      '/media/..%5csecret.webp',
      '/media//etc/passwd',
      '/media/photos/x.svg',
      '/media/photos/%00.webp',
    ]) {
      const res = await visitor.get(url);
      expect(res.status, url).toBe(404);
      expect(res.text).not.toContain('secret');
    }
  });
});

describe('legacy media names', () => {
  it('are refused by the rules, then renamed to independent random names', async () => {
    const owner = await member();
    const main = await upload(owner, '#a35');
    await approve(owner.id);
    const mediaDir = server.services.config.mediaDir;
    // A photo stored the old way: every variant named after the full file.
    const stem = `photos/${'cd'.repeat(16)}`;
    const legacy = {
      filename: `${stem}.webp`,
      thumb_filename: `${stem}-thumb.webp`,
      match_filename: `${stem}-match.webp`,
      blurred_filename: `${stem}-blur.webp`,
    };
    const bytes = await sharp(await image('#123'))
      .webp()
      .toBuffer();
    for (const name of Object.values(legacy)) fs.writeFileSync(path.join(mediaDir, name), bytes);
    const row = await server.services.db
      .insertInto('photos')
      .values({ profile_id: owner.id, ...legacy, status: 'active', is_main: 0, created_at: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const free = await member();
    const blocked = await member();
    await owner.browser.post('/api/block.php', { profile_id: blocked.id });
    expect(await status(free.browser, `/media/${legacy.blurred_filename}`)).toBe(200);
    // The full file's URL guessed from the blurred one: refused by the rules even before renaming.
    const guessed = `/media/${legacy.blurred_filename}`.replace('-blur', '');
    expect(guessed).toBe(`/media/${legacy.filename}`);
    for (const browser of [free.browser, blocked.browser, server.client()])
      expect(await status(browser, guessed)).toBe(404);

    expect(await rekeyLegacyMedia(server.services)).toBeGreaterThanOrEqual(1);
    const renamed = await server.services.db
      .selectFrom('photos')
      .select(['filename', 'thumb_filename', 'match_filename', 'blurred_filename'])
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    const names = Object.values(renamed) as string[];
    for (const name of names) {
      expect(name).toMatch(/^photos\/[0-9a-f]{32}\.webp$/);
      expect(fs.readFileSync(path.join(mediaDir, name))).toEqual(bytes);
    }
    expect(new Set(names).size).toBe(4);
    for (const name of Object.values(legacy)) expect(fs.existsSync(path.join(mediaDir, name))).toBe(false);
    // Photos already named at random are left alone; a second run has nothing to do.
    const untouched = await server.services.db
      .selectFrom('photos')
      .select('filename')
      .where('profile_id', '=', owner.id)
      .where('is_main', '=', 1)
      .executeTakeFirstOrThrow();
    expect(`/media/${untouched.filename}`).toBe(main.filename);
    expect(await rekeyLegacyMedia(server.services)).toBe(0);
  });

  it('of chat photos are renamed too, with the unused thumbnail and crop removed', async () => {
    const { sender, recipient } = await photoChat(false);
    const mediaDir = server.services.config.mediaDir;
    const stem = `photos/${'ef'.repeat(16)}`;
    const bytes = await sharp(await image('#456'))
      .webp()
      .toBuffer();
    for (const suffix of ['', '-blur', '-thumb', '-match'])
      fs.writeFileSync(path.join(mediaDir, `${stem}${suffix}.webp`), bytes);
    const message = await server.services.db
      .updateTable('messages')
      .set({ photo_filename: `${stem}.webp`, photo_blurred_filename: `${stem}-blur.webp` })
      .where('sender_id', '=', sender.id)
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await status(recipient.browser, `/media/${stem}.webp`)).toBe(404);
    expect(await status(recipient.browser, `/media/${stem}-blur.webp`)).toBe(200);

    await rekeyLegacyMedia(server.services);
    const renamed = await server.services.db
      .selectFrom('messages')
      .select(['photo_filename', 'photo_blurred_filename'])
      .where('id', '=', message.id)
      .executeTakeFirstOrThrow();
    expect(renamed.photo_filename).toMatch(/^photos\/[0-9a-f]{32}\.webp$/);
    expect(renamed.photo_blurred_filename).toMatch(/^photos\/[0-9a-f]{32}\.webp$/);
    for (const suffix of ['', '-blur', '-thumb', '-match']) {
      expect(fs.existsSync(path.join(mediaDir, `${stem}${suffix}.webp`))).toBe(false);
    }
    expect(await status(recipient.browser, `/media/${renamed.photo_blurred_filename}`)).toBe(200);
    expect(await status(sender.browser, `/media/${renamed.photo_filename}`)).toBe(200);
  });
});
