import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it } from 'vitest';
import { configureApi } from './api.ts';
import { $gifts, $icebreakers, loadGifts, loadIcebreakers } from './chat-extras.ts';
import { json, scriptedFetch } from './test-network.ts';

const noWait = { sleep: async () => undefined, random: () => 1 };

afterEach(() => {
  cleanStores($gifts, $icebreakers);
  $gifts.set(null);
});

describe('$gifts', () => {
  const gifts = [{ id: 'rose', name: 'Rose', price: 20 }];

  it('loads the catalogue once, also when the picker opens twice at the same time', async () => {
    const network = scriptedFetch({ 'GET /api/gifts.php': () => json(200, { gifts }) });
    configureApi({ fetch: network.fetch, ...noWait });
    await Promise.all([loadGifts(), loadGifts()]);
    await loadGifts();
    expect(network.calls).toHaveLength(1);
    expect($gifts.get()).toEqual(gifts);
  });

  it('shows an empty catalogue after a failure and tries again on the next opening', async () => {
    let fail = true;
    const network = scriptedFetch({
      'GET /api/gifts.php': () => (fail ? json(404, { error: 'not_found', message: 'x' }) : json(200, { gifts })),
    });
    configureApi({ fetch: network.fetch, ...noWait });
    await loadGifts();
    expect($gifts.get()).toEqual([]);
    fail = false;
    await loadGifts();
    expect($gifts.get()).toEqual(gifts);
  });
});

describe('$icebreakers', () => {
  it('loads the suggestions once per page', async () => {
    const network = scriptedFetch({ 'GET /api/icebreakers.php': () => json(200, { icebreakers: ['Hi!'] }) });
    configureApi({ fetch: network.fetch, ...noWait });
    await loadIcebreakers();
    await loadIcebreakers();
    expect(network.calls).toHaveLength(1);
    expect($icebreakers.get()).toEqual(['Hi!']);
  });
});
