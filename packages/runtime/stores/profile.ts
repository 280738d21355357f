import { atom, task } from 'nanostores';
import type { OwnProfile, ProfileUpdate } from '../schemas/api/profile.ts';
import { api } from './api.ts';
import { createLoader, loadOnMount, type Loadable } from './loadable.ts';
import { loadUser } from './user.ts';

export type OwnProfileState = Loadable<OwnProfile>;

/** The member's own profile (GET /api/profile.php), loaded while a screen shows it. */
export const $ownProfile = atom<OwnProfileState>({ status: 'loading' });

const ownProfileLoader = createLoader($ownProfile, async () => (await api().call('GET /api/profile.php')).profile);

loadOnMount($ownProfile, ownProfileLoader);

/** The profile as it is now (a load that starts after this call, shared with the mount's). */
export function loadOwnProfile(): Promise<OwnProfile> {
  return ownProfileLoader.refresh();
}

/** Fields that the navigation and other islands show from the user: a change reloads the user too. */
const USER_FIELDS: readonly (keyof ProfileUpdate)[] = ['name', 'country', 'city'];

/**
 * PUT /api/profile.php with only the fields to change; the answer is the whole profile, which replaces
 * the store's. Throws the server's refusal (e.g. `invalid_name`, `validation_failed` with `fields`).
 */
export function saveProfile(update: ProfileUpdate): Promise<OwnProfile> {
  return task(async () => {
    const { profile } = await api().call('PUT /api/profile.php', { body: update });
    $ownProfile.set({ status: 'ready', data: profile });
    if (USER_FIELDS.some((field) => field in update)) void loadUser().catch(() => undefined);
    return profile;
  });
}
