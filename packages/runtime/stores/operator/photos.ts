import { atom } from 'nanostores';
import type { PhotoRejectReason } from '../../data/operator.ts';
import type { OkResponse } from '../../schemas/api/ok.ts';
import type { OperatorPhotosResponse, QueuedPhotoJson } from '../../schemas/api/operator/photos.ts';
import { api } from '../api.ts';

/** Photos waiting for a check, oldest first; a decided photo leaves the list. */
export const $photoQueue = atom<QueuedPhotoJson[] | null>(null);

export async function loadPhotoQueue(): Promise<void> {
  const { photos } = await api().get<OperatorPhotosResponse>('/api/operator/photos');
  $photoQueue.set(photos);
}

function drop(id: number): void {
  $photoQueue.set(($photoQueue.get() ?? []).filter((photo) => photo.id !== id));
}

export async function approveQueuedPhoto(id: number): Promise<void> {
  await api().post<OkResponse>(`/api/operator/photos/${id}/approve`, {}, { retries: 0 });
  drop(id);
}

export async function rejectQueuedPhoto(id: number, reason: PhotoRejectReason): Promise<void> {
  await api().post<OkResponse>(`/api/operator/photos/${id}/reject`, { reason }, { retries: 0 });
  drop(id);
}
