import { describe, expect, it } from 'vitest';
import { TERMS_VERSION_DATE } from './constants.ts';
import {
  cleanPhone,
  countryName,
  countryNamesOf,
  formatLegalDate,
  joinAlternatives,
  joinList,
  telHref,
  termsVersionDate,
} from './legal.ts';

describe('cleanPhone and telHref', () => {
  it('drop the spaces of a phone number written for people', () => {
    expect(cleanPhone('+31 85 208 41 67')).toBe('+31852084167');
    expect(telHref('+45 70 20 30 40')).toBe('tel:+4570203040');
  });

  it('drop dashes, also mixed with spaces', () => {
    expect(cleanPhone('+49-221-5894-2710')).toBe('+4922158942710');
    expect(telHref('085 - 208 41-67')).toBe('tel:0852084167');
  });

  it('leave a number without dashes or spaces as it is', () => {
    expect(cleanPhone('+31852084167')).toBe('+31852084167');
  });
});

describe('termsVersionDate', () => {
  const standard = new Date(TERMS_VERSION_DATE);

  it('is 2023-12-01T12:00:00Z for a company added before then', () => {
    expect(termsVersionDate('2021-06-15').toISOString()).toBe('2023-12-01T12:00:00.000Z');
  });

  it('is the standard date for a company added on that very day (midnight is earlier than noon)', () => {
    expect(termsVersionDate('2023-12-01')).toEqual(standard);
  });

  it('is the added date for a company added later', () => {
    expect(termsVersionDate('2024-02-01').toISOString()).toBe('2024-02-01T00:00:00.000Z');
    expect(termsVersionDate('2023-12-02').toISOString()).toBe('2023-12-02T00:00:00.000Z');
  });

  it('falls back to the standard date without a usable added date', () => {
    expect(termsVersionDate(undefined)).toEqual(standard);
    expect(termsVersionDate('')).toEqual(standard);
    expect(termsVersionDate('not a date')).toEqual(standard);
  });
});

describe('formatLegalDate', () => {
  const date = new Date('2024-02-01T00:00:00Z');

  it('writes the date as the page language does', () => {
    expect(formatLegalDate(date, 'en')).toBe('1 February 2024');
    expect(formatLegalDate(date, 'nl')).toBe('1 februari 2024');
    expect(formatLegalDate(date, 'de')).toBe('1. Februar 2024');
    expect(formatLegalDate(date, 'da')).toBe('1. februar 2024');
    expect(formatLegalDate(date, 'pl')).toBe('1 lutego 2024');
  });

  it('reads the date in UTC, so a date at midnight UTC keeps its day', () => {
    expect(formatLegalDate(new Date('2025-01-06T00:00:00Z'), 'de')).toBe('6. Januar 2025');
    expect(formatLegalDate(new Date(TERMS_VERSION_DATE), 'en')).toBe('1 December 2023');
  });
});

describe('lists and country names', () => {
  it('join items with the language’s own words', () => {
    expect(joinList(['DE318204675', 'ATU72958134', 'CHE482913657'], 'en')).toBe(
      'DE318204675, ATU72958134, and CHE482913657',
    );
    expect(joinList(['Flirt Nord', 'Nordlys Dating'], 'da')).toBe('Flirt Nord og Nordlys Dating');
    expect(joinAlternatives(['iDEAL', 'PayPal'], 'nl')).toBe('iDEAL of PayPal');
    expect(joinList(['only one'], 'de')).toBe('only one');
  });

  it('name a country in the page language', () => {
    expect(countryName('NL', 'en')).toBe('Netherlands');
    expect(countryName('NL', 'nl')).toBe('Nederland');
    expect(countryName('DE', 'fr')).toBe('Allemagne');
  });

  it("names a brand's countries at once, by code, for an island", () => {
    expect(countryNamesOf(['NL', 'BE'], 'de')).toEqual({ NL: 'Niederlande', BE: 'Belgien' });
    expect(countryNamesOf([], 'en')).toEqual({});
  });
});
