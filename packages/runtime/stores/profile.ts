import { atom, map, onMount, task } from 'nanostores';
import type { OwnProfile, ProfileUpdate } from '../schemas/api/profile.ts';
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

interface ProfileAnswer {
  profile: OwnProfile;
}

export function loadOwnProfile(): Promise<OwnProfile> {
  return task(async () => {
    try {
      const { profile } = await api().get<ProfileAnswer>('/api/profile.php');
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
    const { profile } = await api().put<ProfileAnswer>('/api/profile.php', update);
    $ownProfile.set({ status: 'ready', profile });
    if (USER_FIELDS.some((field) => field in update)) void loadUser().catch(() => undefined);
    return profile;
  });
}

/** One interest as GET /api/interests.php names it in the visitor's language (spec §3: each with an icon). */
export interface InterestOption {
  id: number;
  slug: string;
  category: 'hobby' | 'intimate';
  icon: string;
  name: string;
}

export type InterestsState =
  { status: 'loading' } | { status: 'ready'; interests: InterestOption[] } | { status: 'failed' };

/** The fixed interests list, loaded once per page and kept (spec §7). */
export const $interests = atom<InterestsState>({ status: 'loading' });

onMount($interests, () => {
  if (!isBrowser()) return;
  if ($interests.get().status !== 'ready') void loadInterests();
});

export function loadInterests(): Promise<void> {
  return task(async () => {
    try {
      const { interests } = await api().get<{ interests: InterestOption[] }>('/api/interests.php');
      $interests.set({ status: 'ready', interests });
    } catch {
      $interests.set({ status: 'failed' });
    }
  });
}

export interface RegionOption {
  id: string;
  country: string;
  name: string;
}

/** Regions per country code: undefined while loading, null when the request failed. */
export const $regions = map<Record<string, RegionOption[] | null | undefined>>({});

const regionRequests = new Map<string, Promise<void>>();

/** Loads a country's regions once per page (spec §7); a failed load may be tried again. */
export function loadRegions(country: string): Promise<void> {
  const known = $regions.get()[country];
  if (known) return Promise.resolve();
  let request = regionRequests.get(country);
  if (!request) {
    request = task(async () => {
      try {
        const { regions } = await api().get<{ regions: RegionOption[] }>('/api/regions.php', { query: { country } });
        $regions.setKey(country, regions);
      } catch {
        $regions.setKey(country, null);
        regionRequests.delete(country);
      }
    });
    regionRequests.set(country, request);
  }
  return request;
}
