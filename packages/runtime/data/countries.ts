import type { Locale } from './locales.ts';

/** What datekit knows of each country a brand may serve: its languages (first is the main one) and currency. */
export interface CountryInfo {
  languages: readonly Locale[];
  currency: Currency;
  /** IANA time zone of the capital: where "today" turns for daily limits. */
  timeZone: string;
}

export const CURRENCIES = ['EUR', 'DKK', 'SEK', 'NOK', 'PLN', 'CHF', 'GBP', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Visible languages per country (spec §9: "for example BE: nl, fr, de"). */
export const COUNTRIES = {
  NL: { languages: ['nl'], currency: 'EUR', timeZone: 'Europe/Amsterdam' },
  BE: { languages: ['nl', 'fr', 'de'], currency: 'EUR', timeZone: 'Europe/Brussels' },
  LU: { languages: ['fr', 'de'], currency: 'EUR', timeZone: 'Europe/Luxembourg' },
  DE: { languages: ['de'], currency: 'EUR', timeZone: 'Europe/Berlin' },
  AT: { languages: ['de'], currency: 'EUR', timeZone: 'Europe/Vienna' },
  CH: { languages: ['de', 'fr', 'it'], currency: 'CHF', timeZone: 'Europe/Zurich' },
  DK: { languages: ['da'], currency: 'DKK', timeZone: 'Europe/Copenhagen' },
  NO: { languages: ['nb'], currency: 'NOK', timeZone: 'Europe/Oslo' },
  SE: { languages: ['sv'], currency: 'SEK', timeZone: 'Europe/Stockholm' },
  FI: { languages: ['fi', 'sv'], currency: 'EUR', timeZone: 'Europe/Helsinki' },
  PL: { languages: ['pl'], currency: 'PLN', timeZone: 'Europe/Warsaw' },
  FR: { languages: ['fr'], currency: 'EUR', timeZone: 'Europe/Paris' },
  IT: { languages: ['it'], currency: 'EUR', timeZone: 'Europe/Rome' },
  ES: { languages: ['es'], currency: 'EUR', timeZone: 'Europe/Madrid' },
  IE: { languages: ['en'], currency: 'EUR', timeZone: 'Europe/Dublin' },
  GB: { languages: ['en'], currency: 'GBP', timeZone: 'Europe/London' },
  US: { languages: ['en', 'es'], currency: 'USD', timeZone: 'America/New_York' },
} as const satisfies Record<string, CountryInfo>;

export type CountryCode = keyof typeof COUNTRIES;
export const COUNTRY_CODES = Object.keys(COUNTRIES) as CountryCode[];
