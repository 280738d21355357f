import { atom } from 'nanostores';
import type { GiftsResponse, IcebreakersResponse } from '../schemas/api/chat.ts';
import { api } from './api.ts';
import { createLoader, loadOnMount, type Loadable } from './loadable.ts';

export type Gift = GiftsResponse['gifts'][number];

/** The gift catalogue with prices for this brand, loaded once per page when the picker first opens. */
export const $gifts = atom<Loadable<Gift[]>>({ status: 'idle' });

const giftsLoader = createLoader($gifts, async () => (await api().get<GiftsResponse>('/api/gifts.php')).gifts);

loadOnMount($gifts, giftsLoader, { once: true });

/** Opening lines for an empty conversation, in the visitor's language, loaded once per page when shown. */
export const $icebreakers = atom<Loadable<string[]>>({ status: 'idle' });

const icebreakersLoader = createLoader(
  $icebreakers,
  async () => (await api().get<IcebreakersResponse>('/api/icebreakers.php')).icebreakers,
);

loadOnMount($icebreakers, icebreakersLoader, { once: true });
