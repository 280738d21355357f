import { allTasks, cleanStores, keepMount } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from './api.ts';
import { $interests, $ownProfile, $regions, loadRegions, saveProfile } from './profile.ts';
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
  cleanStores($ownProfile, $interests, $regions, $user);
  $ownProfile.set({ status: 'loading' });
  vi.unstubAllGlobals();
});

describe('$ownProfile', () => {
  it('loads the profile while shown', async () => {
    configureApi({ fetch: scriptedFetch({ 'GET /api/profile.php': () => json(200, { profile }) }).fetch, ...noWait });
    keepMount($ownProfile);
    await vi.waitFor(() => expect($ownProfile.get()).toEqual({ status: 'ready', profile }));
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
    expect($ownProfile.get()).toEqual({ status: 'ready', profile: saved });
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

describe('$interests', () => {
  it('loads the list once', async () => {
    const interests = [{ id: 1, slug: 'travel', category: 'hobby', icon: '✈️', name: 'Travel' }];
    const network = scriptedFetch({ 'GET /api/interests.php': () => json(200, { interests }) });
    configureApi({ fetch: network.fetch, ...noWait });
    keepMount($interests);
    await vi.waitFor(() => expect($interests.get()).toEqual({ status: 'ready', interests }));
    cleanStores($interests);
    keepMount($interests);
    await allTasks();
    expect(network.calls).toHaveLength(1);
  });
});

describe('loadRegions', () => {
  it('loads a country’s regions once', async () => {
    const regions = [{ id: 'NL-UT', country: 'NL', name: 'Utrecht' }];
    const network = scriptedFetch({ 'GET /api/regions.php': () => json(200, { regions }) });
    configureApi({ fetch: network.fetch, ...noWait });
    await Promise.all([loadRegions('NL'), loadRegions('NL')]);
    await loadRegions('NL');
    expect($regions.get().NL).toEqual(regions);
    expect(network.calls.map((c) => c.url)).toEqual(['/api/regions.php?country=NL']);
  });

  it('marks a failed load and tries again later', async () => {
    let fail = true;
    const network = scriptedFetch({
      'GET /api/regions.php': () =>
        fail ? json(404, { error: 'not_found', message: 'x' }) : json(200, { regions: [] }),
    });
    configureApi({ fetch: network.fetch, ...noWait });
    await loadRegions('BE');
    expect($regions.get().BE).toBeNull();
    fail = false;
    await loadRegions('BE');
    expect($regions.get().BE).toEqual([]);
  });
});
