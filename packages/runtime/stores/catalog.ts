import { atom, map } from 'nanostores';
import type { NamedInterest, RegionEntry } from '../schemas/api/catalog.ts';
import type { CompanyInfo } from '../schemas/api/settings.ts';
import type { CountryCode } from '../data/countries.ts';
import { api } from './api.ts';
import { createLoader, loadOnMount, type Loadable, type Loader } from './loadable.ts';

export type { NamedInterest, RegionEntry };

/** The interests catalogue in the visitor's language (spec §7), loaded once per page by the first island showing it. */
export const $interests = atom<Loadable<NamedInterest[]>>({ status: 'idle' });

const interestsLoader = createLoader($interests, async () => (await api().call('GET /api/interests.php')).interests);

loadOnMount($interests, interestsLoader, { once: true });

/**
 * A country's regions by country code, for the profile editor, the search filter and profile pages.
 * Keyed by the country an island asks for, so it loads on that ask (`loadRegions`), not on mount.
 */
export const $regions = map<Record<string, Loadable<RegionEntry[]>>>({});

const regionLoaders = new Map<string, Loader<RegionEntry[]>>();

/** Loads a country's regions once per page (spec §7); concurrent calls share one request; a failed load may be tried again. */
export function loadRegions(country: string): Promise<void> {
  if ($regions.value[country]?.status === 'ready') return Promise.resolve();
  let loader = regionLoaders.get(country);
  if (!loader) {
    const slot = {
      get value(): Loadable<RegionEntry[]> {
        return $regions.value[country] ?? { status: 'idle' };
      },
      set: (state: Loadable<RegionEntry[]>) => $regions.setKey(country, state),
    };
    loader = createLoader(slot, async () => {
      // A country from a profile or the address: one the server does not know is its 422, as before.
      const { regions } = await api().call('GET /api/regions.php', { query: { country: country as CountryCode } });
      return regions;
    });
    regionLoaders.set(country, loader);
  }
  return loader.load().then(
    () => undefined,
    () => undefined,
  );
}

/** A region's name in the visitor's language where it has an official one, else as people there write it. */
export function regionName(region: RegionEntry, lang: string): string {
  return region.names?.[lang] ?? region.name;
}

/** The operating company (spec §3 Company info: the seller on receipts), loaded once per page by the first receipt shown. */
export const $companyInfo = atom<Loadable<CompanyInfo>>({ status: 'idle' });

const companyLoader = createLoader($companyInfo, async () => (await api().call('GET /api/companyinfo.php')).company);

// Without it a receipt shows without the seller's block; the next receipt shown tries again.
loadOnMount($companyInfo, companyLoader, { once: true });
