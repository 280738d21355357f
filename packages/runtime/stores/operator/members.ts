import { atom } from 'nanostores';
import type { ApiAnswer, ApiInput } from '../../api/contract.ts';
import type { OperatorMemberRow } from '../../schemas/api/operator/members.ts';
import { api } from '../api.ts';

export const $memberResults = atom<OperatorMemberRow[] | null>(null);
export const $memberDetail = atom<ApiAnswer<'GET /api/operator/members/:id'> | null>(null);

export async function searchMembers(query: ApiInput<'GET /api/operator/members'>['query']): Promise<void> {
  const { members } = await api().call('GET /api/operator/members', { query });
  $memberResults.set(members);
}

export async function loadMember(id: number): Promise<void> {
  $memberDetail.set(await api().call('GET /api/operator/members/:id', { params: { id } }));
}

/** Runs a write on the member, then shows the member page afresh. */
async function act<T>(id: number, write: () => Promise<T>): Promise<T> {
  const answer = await write();
  await loadMember(id);
  return answer;
}

const ONCE = { retries: 0 } as const;

export const addMemberNote = (id: number, body: string) =>
  act(id, () => api().call('POST /api/operator/members/:id/notes', { params: { id }, body: { body } }, ONCE));
export const grantMemberCredits = (id: number, amount: number, reason: string) =>
  act(id, () =>
    api().call('POST /api/operator/members/:id/credits', { params: { id }, body: { amount, reason } }, ONCE),
  );
export const resendMemberActivation = (id: number) =>
  act(id, () => api().call('POST /api/operator/members/:id/activation', { params: { id } }, ONCE));
export const deleteMember = (id: number, reason: string) =>
  act(id, () => api().call('POST /api/operator/members/:id/delete', { params: { id }, body: { reason } }, ONCE));
