import { atom } from 'nanostores';
import type { ApiAnswer } from '../api/contract.ts';
import { api } from './api.ts';
import { createLoader, loadOnMount, type Loadable } from './loadable.ts';

export type Gift = ApiAnswer<'GET /api/gifts.php'>['gifts'][number];

/** The gift catalogue with prices for this brand, loaded once per page when the picker first opens. */
export const $gifts = atom<Loadable<Gift[]>>({ status: 'idle' });

const giftsLoader = createLoader($gifts, async () => (await api().call('GET /api/gifts.php')).gifts);

loadOnMount($gifts, giftsLoader, { once: true });

/** Opening lines for an empty conversation, in the visitor's language, loaded once per page when shown. */
export const $icebreakers = atom<Loadable<string[]>>({ status: 'idle' });

const icebreakersLoader = createLoader(
  $icebreakers,
  async () => (await api().call('GET /api/icebreakers.php')).icebreakers,
);

loadOnMount($icebreakers, icebreakersLoader, { once: true });
