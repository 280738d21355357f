import { atom } from 'nanostores';
import type { ApiAnswer, ApiInput } from '../../api/contract.ts';
import type { OperatorMemberRow } from '../../schemas/api/operator/members.ts';
import { api } from '../api.ts';
import { ONCE } from './write-once.ts';
import { createKeyedLoader, type Loadable } from '../loadable.ts';

export const $memberResults = atom<Loadable<OperatorMemberRow[]>>({ status: 'idle' });
export const $memberDetail = atom<Loadable<ApiAnswer<'GET /api/operator/members/:id'>>>({ status: 'idle' });

const results = createKeyedLoader($memberResults, async (query: ApiInput<'GET /api/operator/members'>['query']) => {
  const { members } = await api().call('GET /api/operator/members', { query });
  return members;
});

const detail = createKeyedLoader($memberDetail, (id: number) =>
  api().call('GET /api/operator/members/:id', { params: { id } }),
);

export async function searchMembers(query: ApiInput<'GET /api/operator/members'>['query']): Promise<void> {
  await results.open(query);
}

export async function loadMember(id: number): Promise<void> {
  await detail.open(id);
}

export const addMemberNote = (id: number, body: string) =>
  detail.change(() => api().call('POST /api/operator/members/:id/notes', { params: { id }, body: { body } }, ONCE));
export const grantMemberCredits = (id: number, amount: number, reason: string) =>
  detail.change(() =>
    api().call('POST /api/operator/members/:id/credits', { params: { id }, body: { amount, reason } }, ONCE),
  );
export const resendMemberActivation = (id: number) =>
  detail.change(() => api().call('POST /api/operator/members/:id/activation', { params: { id } }, ONCE));
export const deleteMember = (id: number, reason: string) =>
  detail.change(() => api().call('POST /api/operator/members/:id/delete', { params: { id }, body: { reason } }, ONCE));
