import { atom } from 'nanostores';
import type { OkResponse } from '../../schemas/api/ok.ts';
import type {
  MemberCreditsResponse,
  OperatorMemberResponse,
  OperatorMemberRow,
  OperatorMemberSearchResponse,
} from '../../schemas/api/operator/members.ts';
import { api } from '../api.ts';

export const $memberResults = atom<OperatorMemberRow[] | null>(null);
export const $memberDetail = atom<OperatorMemberResponse | null>(null);

export async function searchMembers(query: {
  q?: string;
  brand?: string;
  status?: string;
  view?: 'recent' | 'flagged';
}): Promise<void> {
  const { members } = await api().get<OperatorMemberSearchResponse>('/api/operator/members', { query });
  $memberResults.set(members);
}

export async function loadMember(id: number): Promise<void> {
  $memberDetail.set(await api().get<OperatorMemberResponse>(`/api/operator/members/${id}`));
}

/** Runs a write on the member, then shows the member page afresh. */
async function act<T>(id: number, write: () => Promise<T>): Promise<T> {
  const answer = await write();
  await loadMember(id);
  return answer;
}

export const addMemberNote = (id: number, body: string) =>
  act(id, () => api().post<OkResponse>(`/api/operator/members/${id}/notes`, { body }, { retries: 0 }));
export const grantMemberCredits = (id: number, amount: number, reason: string) =>
  act(id, () =>
    api().post<MemberCreditsResponse>(`/api/operator/members/${id}/credits`, { amount, reason }, { retries: 0 }),
  );
export const resendMemberActivation = (id: number) =>
  act(id, () => api().post<OkResponse>(`/api/operator/members/${id}/activation`, {}, { retries: 0 }));
export const deleteMember = (id: number, reason: string) =>
  act(id, () => api().post<OkResponse>(`/api/operator/members/${id}/delete`, { reason }, { retries: 0 }));
