import type { Locale } from './locales.ts';

/** What datekit knows of each country a brand may serve: its languages (first is the main one) and currency. */
export interface CountryInfo {
  languages: readonly Locale[];
  currency: Currency;
}

export const CURRENCIES = ['EUR', 'DKK', 'SEK', 'NOK', 'PLN', 'CHF', 'GBP', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Visible languages per country (spec §9: "for example BE: nl, fr, de"). */
export const COUNTRIES = {
  NL: { languages: ['nl'], currency: 'EUR' },
  BE: { languages: ['nl', 'fr', 'de'], currency: 'EUR' },
  LU: { languages: ['fr', 'de'], currency: 'EUR' },
  DE: { languages: ['de'], currency: 'EUR' },
  AT: { languages: ['de'], currency: 'EUR' },
  CH: { languages: ['de', 'fr', 'it'], currency: 'CHF' },
  DK: { languages: ['da'], currency: 'DKK' },
  NO: { languages: ['nb'], currency: 'NOK' },
  SE: { languages: ['sv'], currency: 'SEK' },
  FI: { languages: ['fi', 'sv'], currency: 'EUR' },
  PL: { languages: ['pl'], currency: 'PLN' },
  FR: { languages: ['fr'], currency: 'EUR' },
  IT: { languages: ['it'], currency: 'EUR' },
  ES: { languages: ['es'], currency: 'EUR' },
  IE: { languages: ['en'], currency: 'EUR' },
  GB: { languages: ['en'], currency: 'GBP' },
  US: { languages: ['en', 'es'], currency: 'USD' },
} as const satisfies Record<string, CountryInfo>;

export type CountryCode = keyof typeof COUNTRIES;
export const COUNTRY_CODES = Object.keys(COUNTRIES) as CountryCode[];
