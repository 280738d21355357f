import { allTasks, cleanStores, keepMount } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from './api.ts';
import { $ownProfile, saveProfile } from './profile.ts';
import { scriptedFetch, json } from './test-network.ts';
import { $user } from './user.ts';

const profile = { id: 3, name: 'Anna', about: null, interests: [], missing: ['photo'] };
const noWait = { sleep: async () => undefined, random: () => 1 };

beforeEach(() => {
  vi.stubGlobal('window', {});
  vi.stubGlobal('document', {});
  $user.set(null);
});

afterEach(() => {
  cleanStores($ownProfile, $user);
  $ownProfile.set({ status: 'loading' });
  vi.unstubAllGlobals();
});

describe('$ownProfile', () => {
  it('loads the profile while shown', async () => {
    configureApi({ fetch: scriptedFetch({ 'GET /api/profile.php': () => json(200, { profile }) }).fetch, ...noWait });
    keepMount($ownProfile);
    await vi.waitFor(() => expect($ownProfile.get()).toEqual({ status: 'ready', data: profile }));
  });

  it('reports a first load that failed', async () => {
    configureApi({
      fetch: scriptedFetch({
        'GET /api/profile.php': () => json(403, { error: 'authentication_required', message: 'x' }),
      }).fetch,
      ...noWait,
    });
    keepMount($ownProfile);
    await vi.waitFor(() => expect($ownProfile.get().status).toBe('failed'));
  });

  it('saves only the fields given and takes the answer', async () => {
    const saved = { ...profile, about: 'Hi' };
    const network = scriptedFetch({ 'PUT /api/profile.php': () => json(200, { profile: saved }) });
    configureApi({ fetch: network.fetch, ...noWait });
    await saveProfile({ about: 'Hi' });
    expect(network.calls).toEqual([{ method: 'PUT', url: '/api/profile.php', body: { about: 'Hi' } }]);
    expect($ownProfile.get()).toEqual({ status: 'ready', data: saved });
  });

  it('reloads the user when a field the navigation shows changed', async () => {
    const network = scriptedFetch({
      'PUT /api/profile.php': () => json(200, { profile }),
      'GET /api/user.php': () => json(200, { user: null }),
    });
    configureApi({ fetch: network.fetch, ...noWait });
    await saveProfile({ name: 'Annie' });
    await allTasks();
    expect(network.calls.map((c) => c.url)).toEqual(['/api/profile.php', '/api/user.php']);
  });
});
