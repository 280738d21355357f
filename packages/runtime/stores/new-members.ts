import { atom, onMount } from 'nanostores';
import type { NewMembersResponse } from '../schemas/api/members.ts';
import type { Profile } from '../schemas/api/user.ts';
import { api } from './api.ts';

export type NewMembersState = { status: 'loading' } | { status: 'ready'; profiles: Profile[] } | { status: 'failed' };

/** The home page teaser: the brand's newest members, loaded only while something shows them. */
export const $newMembers = atom<NewMembersState>({ status: 'loading' });

onMount($newMembers, () => {
  void loadNewMembers();
});

export async function loadNewMembers(): Promise<void> {
  try {
    const { profiles } = await api().get<NewMembersResponse>('/api/new-members.php');
    $newMembers.set({ status: 'ready', profiles });
  } catch {
    $newMembers.set({ status: 'failed' });
  }
}
