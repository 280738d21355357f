import { atom, task } from 'nanostores';
import type { GiftsResponse, IcebreakersResponse } from '../schemas/api/chat.ts';
import { api } from './api.ts';

export type Gift = GiftsResponse['gifts'][number];

/** The gift catalogue with prices for this brand, loaded when the picker first opens. Empty when it failed. */
export const $gifts = atom<Gift[] | null>(null);

let giftsRequest: Promise<void> | undefined;

/** GET /api/gifts.php once per page; concurrent callers share the request, a failure may be retried. */
export function loadGifts(): Promise<void> {
  if ($gifts.get()?.length) return Promise.resolve();
  giftsRequest ??= task(async () => {
    try {
      const { gifts } = await api().get<GiftsResponse>('/api/gifts.php');
      $gifts.set(gifts);
    } catch {
      $gifts.set([]);
    } finally {
      giftsRequest = undefined;
    }
  });
  return giftsRequest;
}

/** Opening lines for an empty conversation, in the visitor's language. Empty until loaded or when it failed. */
export const $icebreakers = atom<string[]>([]);

let icebreakersLoaded = false;

/** GET /api/icebreakers.php once per page; without suggestions the member simply writes their own. */
export function loadIcebreakers(): Promise<void> {
  if (icebreakersLoaded) return Promise.resolve();
  icebreakersLoaded = true;
  return task(async () => {
    try {
      const { icebreakers } = await api().get<IcebreakersResponse>('/api/icebreakers.php');
      $icebreakers.set(icebreakers);
    } catch {
      icebreakersLoaded = false;
    }
  });
}
