import { atom } from 'nanostores';
import type { ApiAnswer, ApiInput } from '../../api/contract.ts';
import { api } from '../api.ts';
import { ONCE } from './write-once.ts';
import { createKeyedLoader, type Loadable } from '../loadable.ts';

type Postbacks = ApiAnswer<'GET /api/operator/postbacks'>;

/** The console's postbacks page for one brand: configs, held SOI postbacks, blocked sources, deliveries. */
export const $postbacks = atom<Loadable<Postbacks>>({ status: 'idle' });

const postbacks = createKeyedLoader($postbacks, (brand: string) =>
  api().call('GET /api/operator/postbacks', { query: { brand } }),
);

export async function loadPostbacks(brand: string): Promise<void> {
  await postbacks.open(brand);
}

export const addPostback = (input: ApiInput<'POST /api/operator/postbacks'>['body']) =>
  postbacks.change(() => api().call('POST /api/operator/postbacks', { body: input }, ONCE));

export const removePostback = (id: number) =>
  postbacks.change(() => api().call('POST /api/operator/postbacks/:id/remove', { params: { id } }, ONCE));

/** Release (send now) or reject (never send) a held SOI postback. */
export const decideHeld = (id: number, decision: 'release' | 'reject') =>
  postbacks.change(() =>
    api().call(
      decision === 'release'
        ? 'POST /api/operator/postback-deliveries/:id/release'
        : 'POST /api/operator/postback-deliveries/:id/reject',
      { params: { id } },
      ONCE,
    ),
  );

export const blockSource = (input: ApiInput<'POST /api/operator/traffic-blocks'>['body']) =>
  postbacks.change(() => api().call('POST /api/operator/traffic-blocks', { body: input }, ONCE));

export const unblockSource = (id: number) =>
  postbacks.change(() => api().call('POST /api/operator/traffic-blocks/:id/remove', { params: { id } }, ONCE));
