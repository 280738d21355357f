import { formatDate } from '../i18n/format.ts';
import { TERMS_VERSION_DATE } from './constants.ts';

/**
 * Rules of the legal and help pages (spec §9): how the support phone is dialled, which date the terms
 * carry, and how dates and lists are written in the page's language.
 */

/** The support phone as a `tel:` link wants it: spec §9 cleans it of dashes and spaces, nothing else. */
export function cleanPhone(phone: string): string {
  return phone.replace(/[\s-]+/g, '');
}

/** `tel:` link of a phone number written for people (`+31 85 208-41 67` -> `tel:+31852084167`). */
export function telHref(phone: string): string {
  return `tel:${cleanPhone(phone)}`;
}

/**
 * The version date of the terms: 2023-12-01T12:00:00Z, or the day the company started operating the
 * site (`company.added`, `YYYY-MM-DD`, read as midnight UTC) when that is later (spec §9).
 */
export function termsVersionDate(companyAdded: string | null | undefined): Date {
  const standard = new Date(TERMS_VERSION_DATE);
  if (!companyAdded) return standard;
  const added = new Date(/^\d{4}-\d{2}-\d{2}$/.test(companyAdded) ? `${companyAdded}T00:00:00Z` : companyAdded);
  if (Number.isNaN(added.getTime())) return standard;
  return added > standard ? added : standard;
}

/**
 * A date as the page's language writes it in running text (`1 February 2024`, `1 februari 2024`,
 * `1. Februar 2024`). Read in UTC, so that the day never shifts with the time zone of the build machine.
 */
export function formatLegalDate(date: Date, lang: string): string {
  return formatDate(date, lang, 'dateLong', 'UTC');
}

/** `a, b and c` in the page's language; one item stays as it is. */
export function joinList(items: readonly string[], lang: string): string {
  return new Intl.ListFormat(lang, { style: 'long', type: 'conjunction' }).format(items);
}

/** `a, b or c` in the page's language, for alternatives such as payment methods. */
export function joinAlternatives(items: readonly string[], lang: string): string {
  return new Intl.ListFormat(lang, { style: 'long', type: 'disjunction' }).format(items);
}

/** The name of a country (ISO 3166 code) in the page's language; the code itself when unknown. */
export function countryName(code: string, lang: string): string {
  try {
    return new Intl.DisplayNames([lang], { type: 'region', fallback: 'code' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Country names by ISO 3166 code, in one language. */
export type CountryNames = Record<string, string>;

/**
 * The names of `codes` in the page's language, made by the build for an island: the first
 * `Intl.DisplayNames` of a page costs a phone's browser about 40 ms of loading region data, in the
 * middle of the island's first render (the search's total blocking time).
 */
export function countryNamesOf(codes: readonly string[], lang: string): CountryNames {
  return Object.fromEntries(codes.map((code) => [code, countryName(code, lang)]));
}
