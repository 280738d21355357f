import { allTasks, cleanStores, keepMount } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from './api.ts';
import { $companyInfo, $interests, $regions, loadRegions, regionName } from './catalog.ts';
import { json, scriptedFetch } from './test-network.ts';

const noWait = { sleep: async () => undefined, random: () => 1 };

afterEach(() => {
  cleanStores($interests, $regions, $companyInfo);
  $companyInfo.set({ status: 'idle' });
  $interests.set({ status: 'idle' });
  $regions.set({});
});

describe('$interests', () => {
  const interests = [{ id: 1, slug: 'travel', category: 'hobby', icon: 'plane', name: 'Travel' }];
  /** An island showing the interests mounts, its answer lands, it unmounts. */
  const showOnce = async () => {
    keepMount($interests);
    await allTasks();
    await new Promise((resolve) => setTimeout(resolve, 0));
    cleanStores($interests);
  };

  it('loads the catalogue once per page, when the first island shows it', async () => {
    vi.stubGlobal('window', {});
    vi.stubGlobal('document', {});
    const network = scriptedFetch({ 'GET /api/interests.php': () => json(200, { interests }) });
    configureApi({ fetch: network.fetch, ...noWait });
    expect(network.calls).toHaveLength(0);
    await showOnce();
    await showOnce();
    expect(network.calls).toHaveLength(1);
    expect($interests.value).toEqual({ status: 'ready', data: interests });
    vi.unstubAllGlobals();
  });

  it('marks a failed load and tries again when shown again', async () => {
    vi.stubGlobal('window', {});
    vi.stubGlobal('document', {});
    let fail = true;
    const network = scriptedFetch({
      'GET /api/interests.php': () =>
        fail ? json(404, { error: 'not_found', message: 'x' }) : json(200, { interests }),
    });
    configureApi({ fetch: network.fetch, ...noWait });
    await showOnce();
    expect($interests.value).toMatchObject({ status: 'failed' });
    fail = false;
    await showOnce();
    expect($interests.value).toEqual({ status: 'ready', data: interests });
    vi.unstubAllGlobals();
  });
});

describe('$regions', () => {
  const regions = [{ id: 'BE-VAN', country: 'BE', name: 'Antwerpen', names: { fr: 'Anvers' } }];

  it('loads a country’s regions once, also when asked twice at the same time', async () => {
    const network = scriptedFetch({ 'GET /api/regions.php': () => json(200, { regions }) });
    configureApi({ fetch: network.fetch, ...noWait });
    await Promise.all([loadRegions('BE'), loadRegions('BE')]);
    await loadRegions('BE');
    expect(network.calls.map((c) => c.url)).toEqual(['/api/regions.php?country=BE']);
    expect($regions.get().BE).toEqual({ status: 'ready', data: regions });
  });

  it('tries again after a failure', async () => {
    let fail = true;
    const network = scriptedFetch({
      'GET /api/regions.php': () => (fail ? json(404, { error: 'not_found', message: 'x' }) : json(200, { regions })),
    });
    configureApi({ fetch: network.fetch, ...noWait });
    await loadRegions('BE');
    expect($regions.get().BE).toMatchObject({ status: 'failed' });
    fail = false;
    await loadRegions('BE');
    expect($regions.get().BE).toEqual({ status: 'ready', data: regions });
  });

  it('names a region in the visitor’s language where it has an official name', () => {
    expect(regionName(regions[0]!, 'fr')).toBe('Anvers');
    expect(regionName(regions[0]!, 'en')).toBe('Antwerpen');
  });
});

describe('$companyInfo', () => {
  const company = {
    name: 'Fixture B.V.',
    address: 'Kade 1',
    kvk: '12345678',
    city: 'Amsterdam',
    country: 'NL',
    tradenames: [],
    vat_numbers: ['NL001234567B01'],
    support_phone: '0201234567',
    delete_discount: 0,
    added: '2024-01-01T00:00:00Z',
  };

  it('loads the company once per page, when the first receipt shows it, and tries again after a failure', async () => {
    vi.stubGlobal('window', {});
    vi.stubGlobal('document', {});
    let fail = true;
    const network = scriptedFetch({
      'GET /api/companyinfo.php': () =>
        fail ? json(404, { error: 'not_found', message: 'x' }) : json(200, { company }),
    });
    configureApi({ fetch: network.fetch, ...noWait });
    const showReceipt = async () => {
      keepMount($companyInfo);
      await allTasks();
      await new Promise((resolve) => setTimeout(resolve, 0));
      cleanStores($companyInfo);
    };
    await showReceipt();
    expect($companyInfo.value.status).toBe('failed');
    fail = false;
    await showReceipt();
    await showReceipt();
    expect($companyInfo.value).toEqual({ status: 'ready', data: company });
    expect(network.calls).toHaveLength(2);
    vi.unstubAllGlobals();
  });
});
