import { atom } from 'nanostores';
import type { ApiAnswer, ApiInput } from '../../api/contract.ts';
import { api } from '../api.ts';

type Postbacks = ApiAnswer<'GET /api/operator/postbacks'>;

/** The console's postbacks page for one brand: configs, held SOI postbacks, blocked sources, deliveries. */
export const $postbacks = atom<Postbacks | null>(null);

export async function loadPostbacks(brand: string): Promise<void> {
  $postbacks.set(await api().call('GET /api/operator/postbacks', { query: { brand } }));
}

export async function addPostback(input: ApiInput<'POST /api/operator/postbacks'>['body']): Promise<void> {
  await api().call('POST /api/operator/postbacks', { body: input }, { retries: 0 });
  await loadPostbacks(input.brand);
}

export async function removePostback(brand: string, id: number): Promise<void> {
  await api().call('POST /api/operator/postbacks/:id/remove', { params: { id } }, { retries: 0 });
  await loadPostbacks(brand);
}

/** Release (send now) or reject (never send) a held SOI postback. */
export async function decideHeld(brand: string, id: number, decision: 'release' | 'reject'): Promise<void> {
  const key =
    decision === 'release'
      ? 'POST /api/operator/postback-deliveries/:id/release'
      : 'POST /api/operator/postback-deliveries/:id/reject';
  await api().call(key, { params: { id } }, { retries: 0 });
  await loadPostbacks(brand);
}

export async function blockSource(input: ApiInput<'POST /api/operator/traffic-blocks'>['body']): Promise<void> {
  await api().call('POST /api/operator/traffic-blocks', { body: input }, { retries: 0 });
  await loadPostbacks(input.brand);
}

export async function unblockSource(brand: string, id: number): Promise<void> {
  await api().call('POST /api/operator/traffic-blocks/:id/remove', { params: { id } }, { retries: 0 });
  await loadPostbacks(brand);
}
