import { atom } from 'nanostores';
import type { PhotoRejectReason } from '../../data/operator.ts';
import type { PhotoBulkOutcome, QueuedPhotoJson } from '../../schemas/api/operator/photos.ts';
import { ONCE } from './write-once.ts';
import { api } from '../api.ts';
import { createKeyedLoader, type Loadable } from '../loadable.ts';

export interface PhotoQueueState {
  photos: QueuedPhotoJson[];
  /** Photos waiting in all (for the brand filter), this page's included. */
  total: number;
  /** Where the next page starts; null when the queue holds no more. */
  nextAfter: number | null;
  brand: string;
}

/** Photos waiting for a check, oldest first, page after page; a decided photo leaves the list. */
export const $photoQueue = atom<Loadable<PhotoQueueState>>({ status: 'idle' });

const query = (brand: string, after: number | null) => ({
  ...(brand ? { brand } : {}),
  ...(after !== null ? { after } : {}),
});

const photoQueue = createKeyedLoader($photoQueue, async (brand: string): Promise<PhotoQueueState> => {
  const page = await api().call('GET /api/operator/photos', { query: query(brand, null) });
  return { photos: page.photos, total: page.total, nextAfter: page.next_after, brand };
});

/** The queue as shown, or undefined while it is not. */
const shownQueue = (): PhotoQueueState | undefined => {
  const state = $photoQueue.get();
  return state.status === 'ready' ? state.data : undefined;
};

/** The first page of the queue (of one brand, or of all when `brand` is empty). */
export async function loadPhotoQueue(brand = ''): Promise<void> {
  await photoQueue.open(brand);
}

/** The next page, after the photos shown. */
export async function loadMorePhotos(): Promise<void> {
  const state = shownQueue();
  if (!state || state.nextAfter === null) return;
  const page = await api().call('GET /api/operator/photos', {
    query: query(state.brand, state.nextAfter),
  });
  // Only onto the list it continues: another brand, a decision or another page meanwhile replaced it.
  if (shownQueue() !== state) return;
  const shown = new Set(state.photos.map((photo) => photo.id));
  $photoQueue.set({
    status: 'ready',
    data: {
      ...state,
      photos: [...state.photos, ...page.photos.filter((photo) => !shown.has(photo.id))],
      total: page.total,
      nextAfter: page.next_after,
    },
  });
}

/**
 * Approves, or rejects with a reason, the photos `ids` in one request. Every photo that is decided now
 * or was decided before leaves the list; answers the outcome per photo.
 */
export async function decidePhotos(
  ids: number[],
  decision: 'approve' | 'reject',
  reason?: PhotoRejectReason,
): Promise<Map<number, PhotoBulkOutcome>> {
  const { results } = await api().call(
    'POST /api/operator/photos/decide',
    { body: { ids, decision, ...(decision === 'reject' ? { reason } : {}) } },
    ONCE,
  );
  const state = shownQueue();
  if (state) {
    const gone = new Set(ids);
    const left = state.photos.filter((photo) => !gone.has(photo.id));
    const total = Math.max(state.total - (state.photos.length - left.length), 0);
    $photoQueue.set({ status: 'ready', data: { ...state, photos: left, total } });
  }
  return new Map(results.map((result) => [result.id, result.outcome]));
}
