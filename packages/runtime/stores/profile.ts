import { atom, onMount, task } from 'nanostores';
import type { OwnProfile, OwnProfileResponse, ProfileUpdate } from '../schemas/api/profile.ts';
import { api, isBrowser } from './api.ts';
import { loadUser } from './user.ts';

export type OwnProfileState =
  { status: 'loading' } | { status: 'ready'; profile: OwnProfile } | { status: 'failed'; error: unknown };

/** The member's own profile (GET /api/profile.php), loaded while a screen shows it. */
export const $ownProfile = atom<OwnProfileState>({ status: 'loading' });

onMount($ownProfile, () => {
  if (!isBrowser()) return;
  void loadOwnProfile().catch(() => undefined);
});

export function loadOwnProfile(): Promise<OwnProfile> {
  return task(async () => {
    try {
      const { profile } = await api().get<OwnProfileResponse>('/api/profile.php');
      $ownProfile.set({ status: 'ready', profile });
      return profile;
    } catch (error) {
      // A profile already shown stays; only a first load that fails shows the failure.
      if ($ownProfile.get().status !== 'ready') $ownProfile.set({ status: 'failed', error });
      throw error;
    }
  });
}

/** Fields that the navigation and other islands show from the user: a change reloads the user too. */
const USER_FIELDS: readonly (keyof ProfileUpdate)[] = ['name', 'country', 'city'];

/**
 * PUT /api/profile.php with only the fields to change; the answer is the whole profile, which replaces
 * the store's. Throws the server's refusal (e.g. `invalid_name`, `validation_failed` with `fields`).
 */
export function saveProfile(update: ProfileUpdate): Promise<OwnProfile> {
  return task(async () => {
    const { profile } = await api().put<OwnProfileResponse>('/api/profile.php', update);
    $ownProfile.set({ status: 'ready', profile });
    if (USER_FIELDS.some((field) => field in update)) void loadUser().catch(() => undefined);
    return profile;
  });
}
