import { allTasks, cleanStores, keepMount } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from './api.ts';
import { $gifts, $icebreakers } from './chat-extras.ts';
import { json, scriptedFetch } from './test-network.ts';

const noWait = { sleep: async () => undefined, random: () => 1 };

/** The picker opens (its list mounts the store), the answer lands, the picker closes. */
async function mountOnce(store: typeof $gifts | typeof $icebreakers) {
  keepMount(store);
  await allTasks();
  await new Promise((resolve) => setTimeout(resolve, 0));
  cleanStores(store);
}

beforeEach(() => {
  vi.stubGlobal('window', {});
  vi.stubGlobal('document', {});
});
afterEach(() => {
  cleanStores($gifts, $icebreakers);
  $gifts.set({ status: 'idle' });
  $icebreakers.set({ status: 'idle' });
  vi.unstubAllGlobals();
});

describe('$gifts', () => {
  const gifts = [{ id: 'rose', name: 'Rose', price: 20 }];

  it('loads the catalogue when the picker first opens, and only once per page', async () => {
    const network = scriptedFetch({ 'GET /api/gifts.php': () => json(200, { gifts }) });
    configureApi({ fetch: network.fetch, ...noWait });
    expect(network.calls).toHaveLength(0);
    await mountOnce($gifts);
    await mountOnce($gifts);
    expect(network.calls).toHaveLength(1);
    expect($gifts.value).toEqual({ status: 'ready', data: gifts });
  });

  it('shows the failure and tries again on the next opening', async () => {
    let fail = true;
    const network = scriptedFetch({
      'GET /api/gifts.php': () => (fail ? json(404, { error: 'not_found', message: 'x' }) : json(200, { gifts })),
    });
    configureApi({ fetch: network.fetch, ...noWait });
    await mountOnce($gifts);
    expect($gifts.value.status).toBe('failed');
    fail = false;
    await mountOnce($gifts);
    expect($gifts.value).toEqual({ status: 'ready', data: gifts });
  });
});

describe('$icebreakers', () => {
  it('loads the suggestions once per page', async () => {
    const network = scriptedFetch({ 'GET /api/icebreakers.php': () => json(200, { icebreakers: ['Hi!'] }) });
    configureApi({ fetch: network.fetch, ...noWait });
    await mountOnce($icebreakers);
    await mountOnce($icebreakers);
    expect(network.calls).toHaveLength(1);
    expect($icebreakers.value).toEqual({ status: 'ready', data: ['Hi!'] });
  });
});
