import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it } from 'vitest';
import { configureApi } from './api.ts';
import {
  $companyInfo,
  $interests,
  $regions,
  loadCompanyInfo,
  loadInterests,
  loadRegions,
  regionName,
} from './catalog.ts';
import { json, scriptedFetch } from './test-network.ts';

const noWait = { sleep: async () => undefined, random: () => 1 };

afterEach(() => {
  cleanStores($interests, $regions, $companyInfo);
  $companyInfo.set(null);
  $interests.set({ status: 'idle' });
  $regions.set({});
});

describe('$interests', () => {
  const interests = [{ id: 1, slug: 'travel', category: 'hobby', icon: 'plane', name: 'Travel' }];

  it('loads the catalogue once, however many islands ask at the same time', async () => {
    const network = scriptedFetch({ 'GET /api/interests.php': () => json(200, { interests }) });
    configureApi({ fetch: network.fetch, ...noWait });
    await Promise.all([loadInterests(), loadInterests()]);
    await loadInterests();
    expect(network.calls).toHaveLength(1);
    expect($interests.get()).toEqual({ status: 'ready', interests });
  });

  it('marks a failed load and tries again when asked', async () => {
    let fail = true;
    const network = scriptedFetch({
      'GET /api/interests.php': () =>
        fail ? json(404, { error: 'not_found', message: 'x' }) : json(200, { interests }),
    });
    configureApi({ fetch: network.fetch, ...noWait });
    await loadInterests();
    expect($interests.get()).toEqual({ status: 'failed' });
    fail = false;
    await loadInterests();
    expect($interests.get()).toEqual({ status: 'ready', interests });
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
    expect($regions.get().BE).toEqual({ status: 'ready', regions });
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
    expect($regions.get().BE).toEqual({ status: 'ready', regions });
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

  it('loads the company once per page, however many ask, and tries again after a failure', async () => {
    let fail = true;
    const network = scriptedFetch({
      'GET /api/companyinfo.php': () =>
        fail ? json(404, { error: 'not_found', message: 'x' }) : json(200, { company }),
    });
    configureApi({ fetch: network.fetch, ...noWait });
    await loadCompanyInfo();
    expect($companyInfo.get()).toBeNull();
    fail = false;
    await Promise.all([loadCompanyInfo(), loadCompanyInfo()]);
    await loadCompanyInfo();
    expect($companyInfo.get()).toEqual(company);
    expect(network.calls).toHaveLength(2);
  });
});
