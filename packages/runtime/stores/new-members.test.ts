import { allTasks, cleanStores, keepMount } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from './api.ts';
import { $newMembers } from './new-members.ts';

const profile = {
  id: 1,
  name: 'Sanne',
  age: 30,
  country: 'NL',
  city: 'Utrecht',
  status: 'active',
  fictional: true,
  main_image: null,
};

function respondWith(status: number, body: unknown) {
  configureApi({
    fetch: async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    sleep: async () => undefined,
  });
}

describe('$newMembers', () => {
  beforeEach(() => {
    vi.stubGlobal('window', {});
    vi.stubGlobal('document', {});
    $newMembers.set({ status: 'loading' });
  });
  afterEach(() => {
    cleanStores($newMembers);
    vi.unstubAllGlobals();
  });

  it('loads the newest members when something listens', async () => {
    respondWith(200, { profiles: [profile] });
    keepMount($newMembers);
    await allTasks();
    await new Promise((r) => setTimeout(r, 0));
    expect($newMembers.get()).toEqual({ status: 'ready', data: [profile] });
  });

  it('reports a failure instead of showing nothing forever', async () => {
    respondWith(404, { error: 'not_found', message: 'x' });
    keepMount($newMembers);
    await new Promise((r) => setTimeout(r, 0));
    expect($newMembers.get()).toMatchObject({ status: 'failed' });
  });
});
