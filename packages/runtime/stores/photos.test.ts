import { cleanStores, keepMount } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiNetworkError } from '../api/client.ts';
import { configureApi } from './api.ts';
import { $photos, deletePhoto, makeMainPhoto, postPhoto, uploadPhoto } from './photos.ts';
import { json } from './test-network.ts';

const photo = {
  id: 5,
  filename: '/media/a.webp',
  thumb_filename: '/media/a-t.webp',
  match: '/media/a-m.webp',
  status: 'inspection',
  is_main: true,
};

type Call = { method: string; url: string; init: RequestInit };

function network(answers: Record<string, () => Response>) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push({ method, url: String(input), init });
    const answer = answers[`${method} ${String(input)}`];
    if (!answer) throw new TypeError(`no answer for ${method} ${String(input)}`);
    return answer();
  });
  configureApi({ sleep: async () => undefined, random: () => 1 });
  return calls;
}

afterEach(() => {
  cleanStores($photos);
  $photos.set({ status: 'loading' });
  vi.unstubAllGlobals();
});

describe('postPhoto', () => {
  it('sends the image itself with its content type and the client header', async () => {
    const calls = network({ 'POST /api/photos.php': () => json(201, { photo }) });
    const file = new Blob(['jpeg bytes'], { type: 'image/jpeg' });
    await expect(postPhoto(file)).resolves.toEqual(photo);
    const { init } = calls[0]!;
    expect(init.body).toBe(file);
    expect(init.headers).toMatchObject({ 'content-type': 'image/jpeg', 'x-client-request': '1' });
  });

  it('throws the server’s refusal with its message, once', async () => {
    const calls = network({
      'POST /api/photos.php': () =>
        json(422, { error: 'photo_limit', message: 'You can have at most 3 photos.', max: 3 }),
    });
    await expect(postPhoto(new Blob(['x'], { type: 'image/png' }))).rejects.toMatchObject({
      status: 422,
      code: 'photo_limit',
      message: 'You can have at most 3 photos.',
    });
    expect(calls).toHaveLength(1);
  });

  it('turns an answer that is not JSON into an error body', async () => {
    network({ 'POST /api/photos.php': () => new Response('<html>', { status: 502, statusText: 'Bad Gateway' }) });
    await expect(postPhoto(new Blob(['x'], { type: 'image/png' }))).rejects.toMatchObject({
      status: 502,
      code: 'internal',
    });
  });

  it('reports a network failure as such', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(postPhoto(new Blob(['x'], { type: 'image/png' }))).rejects.toBeInstanceOf(ApiNetworkError);
  });
});

describe('$photos', () => {
  it('loads the photos and the limit while shown', async () => {
    vi.stubGlobal('window', {});
    vi.stubGlobal('document', {});
    network({ 'GET /api/photos.php': () => json(200, { photos: [photo], limit: 3 }) });
    keepMount($photos);
    await vi.waitFor(() => expect($photos.get()).toEqual({ status: 'ready', data: { photos: [photo], limit: 3 } }));
  });

  it('reloads the list and the user after an upload, a new main photo and a deletion', async () => {
    const calls = network({
      'POST /api/photos.php': () => json(201, { photo }),
      'PUT /api/photos.php': () => json(200, { ok: true }),
      'DELETE /api/photos.php': () => json(200, { ok: true }),
      'GET /api/photos.php': () => json(200, { photos: [], limit: 3 }),
      'GET /api/user.php': () => json(200, { user: null }),
    });
    await uploadPhoto(new Blob(['x'], { type: 'image/webp' }));
    await makeMainPhoto(5);
    await deletePhoto(5);
    const writes = calls.filter((c) => c.method !== 'GET');
    expect(writes.map((c) => [c.method, c.init.body])).toEqual([
      ['POST', expect.any(Blob)],
      ['PUT', JSON.stringify({ id: 5 })],
      ['DELETE', JSON.stringify({ id: 5 })],
    ]);
    expect(calls.filter((c) => c.url === '/api/photos.php' && c.method === 'GET')).toHaveLength(3);
    expect($photos.get()).toEqual({ status: 'ready', data: { photos: [], limit: 3 } });
  });
});
