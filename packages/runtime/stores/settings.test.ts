import { allTasks, cleanStores, keepMount } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from './api.ts';
import { $domainLanguage, $settings, loadSettings } from './settings.ts';
import { json, scriptedFetch } from './test-network.ts';

afterEach(() => {
  cleanStores($settings, $domainLanguage);
  $settings.set(undefined);
  vi.unstubAllGlobals();
});

const settings = { name: 'Demo', domain: 'localhost', signups: 'all' };

describe('$settings', () => {
  it('loads the settings for the page’s host when first used in the browser', async () => {
    vi.stubGlobal('window', {});
    vi.stubGlobal('document', {});
    vi.stubGlobal('location', { host: 'localhost:4321' });
    const network = scriptedFetch({ 'GET /api/settings.php': () => json(200, { settings, domain_language: 'en' }) });
    configureApi({ fetch: network.fetch, sleep: async () => undefined });
    keepMount($settings);
    await allTasks();
    expect(network.calls[0]!.url).toBe('/api/settings.php?host=localhost%3A4321');
    expect($settings.get()).toEqual(settings);
    expect($domainLanguage.get()).toBe('en');
  });

  it('passes the route query on with the host', async () => {
    const network = scriptedFetch({ 'GET /api/settings.php': () => json(200, { settings, domain_language: 'nl-NL' }) });
    configureApi({ fetch: network.fetch, sleep: async () => undefined });
    await loadSettings('example.nl', { network: 'tj' });
    expect(network.calls[0]!.url).toBe('/api/settings.php?network=tj&host=example.nl');
    expect($domainLanguage.get()).toBe('nl-NL');
  });
});
