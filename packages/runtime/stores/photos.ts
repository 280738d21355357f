import { atom, task } from 'nanostores';
import { ApiNetworkError, ApiRequestError } from '../api/client.ts';
import { CLIENT_REQUEST_HEADER, type ApiErrorBody } from '../errors.ts';
import { api } from './api.ts';
import { createLoader, loadOnMount, type Loadable } from './loadable.ts';
import { loadUser } from './user.ts';
import type { ApiAnswer } from '../api/contract.ts';
import type { OwnPhoto } from '../schemas/api/photos.ts';

export type { OwnPhoto } from '../schemas/api/photos.ts';

/** The member's photos and how many they may hold. */
export type OwnPhotos = Pick<ApiAnswer<'GET /api/photos.php'>, 'photos' | 'limit'>;

export type PhotosState = Loadable<OwnPhotos>;

/** The member's photos and how many they may hold (spec §5: 3 free, 25 premium), as the server says. */
export const $photos = atom<PhotosState>({ status: 'loading' });

const photosLoader = createLoader($photos, async () => {
  const { photos, limit } = await api().call('GET /api/photos.php');
  return { photos, limit };
});

loadOnMount($photos, photosLoader);

/** The photos as they are now (after a change): a load that starts after this call. */
export function loadPhotos(): Promise<void> {
  return photosLoader.refresh().then(() => undefined);
}

/**
 * POST /api/photos.php with the image itself as the body and its own content type (the JSON client
 * cannot send one). Never retried: a lost answer to a stored upload would store the photo twice.
 * Throws like the API client does, so callers show the server's message (e.g. `photo_limit`).
 */
export async function postPhoto(file: Blob): Promise<OwnPhoto> {
  let response: Response;
  try {
    response = await fetch('/api/photos.php', {
      method: 'POST',
      body: file,
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'content-type': file.type, [CLIENT_REQUEST_HEADER]: '1' },
    });
  } catch (error) {
    throw new ApiNetworkError({ cause: error });
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (response.ok && json && typeof json === 'object' && 'photo' in json)
    return (json as ApiAnswer<'POST /api/photos.php'>).photo;
  const body =
    json && typeof json === 'object' && typeof (json as { error?: unknown }).error === 'string'
      ? (json as ApiErrorBody)
      : ({ error: 'internal', message: response.statusText } as ApiErrorBody);
  throw new ApiRequestError(response.status, body);
}

/** The user's main image (navigation thumbnail) may have changed with the photos. */
function refreshAfterChange(): Promise<void> {
  void loadUser().catch(() => undefined);
  return loadPhotos();
}

/** Uploads a photo and reloads the list; throws the server's refusal. */
export function uploadPhoto(file: Blob): Promise<OwnPhoto> {
  return task(async () => {
    const photo = await postPhoto(file);
    await refreshAfterChange().catch(() => undefined);
    return photo;
  });
}

export function makeMainPhoto(id: number): Promise<void> {
  return task(async () => {
    await api().call('PUT /api/photos.php', { body: { id } });
    await refreshAfterChange().catch(() => undefined);
  });
}

export function deletePhoto(id: number): Promise<void> {
  return task(async () => {
    await api().call('DELETE /api/photos.php', { body: { id } });
    await refreshAfterChange().catch(() => undefined);
  });
}
