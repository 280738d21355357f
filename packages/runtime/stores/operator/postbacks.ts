import { atom } from 'nanostores';
import type { OkResponse } from '../../schemas/api/ok.ts';
import type {
  OperatorPostbacksResponse,
  PostbackCreateRequest,
  TrafficBlockRequest,
} from '../../schemas/api/operator/postbacks.ts';
import { api } from '../api.ts';

/** The console's postbacks page for one brand: configs, held SOI postbacks, blocked sources, deliveries. */
export const $postbacks = atom<OperatorPostbacksResponse | null>(null);

export async function loadPostbacks(brand: string): Promise<void> {
  $postbacks.set(await api().get<OperatorPostbacksResponse>('/api/operator/postbacks', { query: { brand } }));
}

export async function addPostback(input: PostbackCreateRequest): Promise<void> {
  await api().post<OkResponse>('/api/operator/postbacks', input, { retries: 0 });
  await loadPostbacks(input.brand);
}

export async function removePostback(brand: string, id: number): Promise<void> {
  await api().post<OkResponse>(`/api/operator/postbacks/${id}/remove`, {}, { retries: 0 });
  await loadPostbacks(brand);
}

/** Release (send now) or reject (never send) a held SOI postback. */
export async function decideHeld(brand: string, id: number, decision: 'release' | 'reject'): Promise<void> {
  await api().post<OkResponse>(`/api/operator/postback-deliveries/${id}/${decision}`, {}, { retries: 0 });
  await loadPostbacks(brand);
}

export async function blockSource(input: TrafficBlockRequest): Promise<void> {
  await api().post<OkResponse>('/api/operator/traffic-blocks', input, { retries: 0 });
  await loadPostbacks(input.brand);
}

export async function unblockSource(brand: string, id: number): Promise<void> {
  await api().post<OkResponse>(`/api/operator/traffic-blocks/${id}/remove`, {}, { retries: 0 });
  await loadPostbacks(brand);
}
