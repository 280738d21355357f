import { atom } from 'nanostores';
import type { Profile } from '../schemas/api/user.ts';
import { api } from './api.ts';
import { createLoader, loadOnMount, type Loadable } from './loadable.ts';

export type NewMembersState = Loadable<Profile[]>;

/** The home page teaser: the brand's newest members, loaded only while something shows them. */
export const $newMembers = atom<NewMembersState>({ status: 'loading' });

const newMembersLoader = createLoader($newMembers, async () => (await api().call('GET /api/new-members.php')).profiles);

loadOnMount($newMembers, newMembersLoader);

/** The newest members again (the teaser's retry); a failure shows in the store. */
export function loadNewMembers(): Promise<void> {
  return newMembersLoader.refresh().then(
    () => undefined,
    () => undefined,
  );
}
