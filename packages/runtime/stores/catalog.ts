import { atom, map, task } from 'nanostores';
import type { InterestsResponse, NamedInterest, RegionEntry, RegionsResponse } from '../schemas/api/catalog.ts';
import type { CompanyInfo, CompanyInfoResponse } from '../schemas/api/settings.ts';
import { api } from './api.ts';

export type { NamedInterest, RegionEntry };

export type InterestsState =
  { status: 'idle' | 'loading' | 'failed' } | { status: 'ready'; interests: NamedInterest[] };

/** The interests catalogue in the visitor's language, loaded once per page by whoever shows it first (spec §7). */
export const $interests = atom<InterestsState>({ status: 'idle' });

let interestsRequest: Promise<void> | undefined;

/** Loads the catalogue unless it is loaded or on its way; a failed load may be tried again. */
export function loadInterests(): Promise<void> {
  if ($interests.get().status === 'ready') return Promise.resolve();
  interestsRequest ??= task(async () => {
    $interests.set({ status: 'loading' });
    try {
      const { interests } = await api().get<InterestsResponse>('/api/interests.php');
      $interests.set({ status: 'ready', interests });
    } catch {
      $interests.set({ status: 'failed' });
    } finally {
      interestsRequest = undefined;
    }
  });
  return interestsRequest;
}

export type RegionsState =
  { status: 'loading' } | { status: 'ready'; regions: RegionEntry[] } | { status: 'failed'; error: unknown };

/** A country's regions by country code, for the profile editor, the search filter and profile pages. */
export const $regions = map<Record<string, RegionsState>>({});

const regionRequests = new Map<string, Promise<void>>();

/** Loads a country's regions once per page (spec §7); concurrent calls share one request; a failed load may be tried again. */
export function loadRegions(country: string): Promise<void> {
  if ($regions.get()[country]?.status === 'ready') return Promise.resolve();
  let request = regionRequests.get(country);
  if (!request) {
    request = task(async () => {
      $regions.setKey(country, { status: 'loading' });
      try {
        const { regions } = await api().get<RegionsResponse>('/api/regions.php', { query: { country } });
        $regions.setKey(country, { status: 'ready', regions });
      } catch (error) {
        $regions.setKey(country, { status: 'failed', error });
      } finally {
        regionRequests.delete(country);
      }
    });
    regionRequests.set(country, request);
  }
  return request;
}

/** A region's name in the visitor's language where it has an official one, else as people there write it. */
export function regionName(region: RegionEntry, lang: string): string {
  return region.names?.[lang] ?? region.name;
}

/** The operating company (spec §3 Company info: the seller on receipts), loaded once per page (spec §7). */
export const $companyInfo = atom<CompanyInfo | null>(null);

let companyRequest: Promise<void> | undefined;

/** Loads the company info unless it is loaded or on its way; a failed load leaves it null and may be tried again. */
export function loadCompanyInfo(): Promise<void> {
  if ($companyInfo.get()) return Promise.resolve();
  companyRequest ??= task(async () => {
    try {
      const { company } = await api().get<CompanyInfoResponse>('/api/companyinfo.php');
      $companyInfo.set(company);
    } catch {
      // The receipt shows without the seller's block; the next page load tries again.
    } finally {
      companyRequest = undefined;
    }
  });
  return companyRequest;
}
