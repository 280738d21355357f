import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, type CountryCode } from './countries.ts';
import { LOCALES } from './locales.ts';
import { REGIONS, findRegion, regionName, regionsOf } from './regions.ts';

const EXPECTED_COUNTS: Record<CountryCode, number> = {
  NL: 12,
  BE: 11,
  LU: 12,
  DE: 16,
  AT: 9,
  CH: 26,
  DK: 5,
  NO: 15,
  SE: 21,
  FI: 19,
  PL: 16,
  FR: 13,
  IT: 20,
  ES: 19,
  IE: 4,
  GB: 4,
  US: 51,
};

describe('REGIONS', () => {
  it('has regions for every country of COUNTRIES', () => {
    for (const country of COUNTRY_CODES) expect(regionsOf(country).length, country).toBeGreaterThan(0);
  });

  it.each(Object.entries(EXPECTED_COUNTS))('has the official number of first-level divisions for %s', (country, n) => {
    expect(regionsOf(country)).toHaveLength(n);
  });

  it('has no region of a country outside COUNTRIES', () => {
    expect(REGIONS.length).toBe(Object.values(EXPECTED_COUNTS).reduce((a, b) => a + b, 0));
    for (const r of REGIONS) expect(COUNTRY_CODES).toContain(r.country);
  });

  it('has unique ids', () => {
    expect(new Set(REGIONS.map((r) => r.id)).size).toBe(REGIONS.length);
  });

  it('uses ISO 3166-2 codes prefixed with the country code', () => {
    for (const r of REGIONS) {
      expect(r.id, r.id).toMatch(/^[A-Z]{2}-[A-Z0-9]{1,3}$/);
      expect(r.id.startsWith(`${r.country}-`), r.id).toBe(true);
    }
  });

  it('has non-empty, trimmed names, unique within a country', () => {
    for (const country of COUNTRY_CODES) {
      const names = regionsOf(country).map((r) => r.name);
      for (const name of names) expect(name.trim()).toBe(name);
      expect(names.every((n) => n.length > 0)).toBe(true);
      expect(new Set(names).size, country).toBe(names.length);
    }
  });

  it('gives alternative names only in known locales, and only where they differ', () => {
    for (const r of REGIONS) {
      for (const [locale, name] of Object.entries(r.names ?? {})) {
        expect(LOCALES).toContain(locale);
        expect(name, `${r.id} ${locale}`).not.toBe(r.name);
      }
    }
  });

  it('uses ISO codes and local names for well-known regions', () => {
    expect(findRegion('NL-NH')?.name).toBe('Noord-Holland');
    expect(findRegion('DE-BY')?.name).toBe('Bayern');
    expect(findRegion('DK-84')?.name).toBe('Region Hovedstaden');
    expect(findRegion('PL-14')?.name).toBe('Mazowieckie');
    expect(findRegion('AT-9')?.name).toBe('Wien');
    expect(findRegion('FR-20R')?.name).toBe('Corse');
    expect(findRegion('IT-25')?.name).toBe('Lombardia');
    expect(findRegion('SE-AB')?.name).toBe('Stockholms län');
    expect(findRegion('NO-03')?.name).toBe('Oslo');
    expect(findRegion('BE-BRU')?.country).toBe('BE');
    expect(findRegion('US-DC')?.name).toBe('District of Columbia');
  });

  it('uses the GB- codes of ISO 3166-2:GB for the four nations', () => {
    expect(regionsOf('GB').map((r) => r.id)).toEqual(['GB-ENG', 'GB-NIR', 'GB-SCT', 'GB-WLS']);
    expect(REGIONS.some((r) => r.id.startsWith('UK-'))).toBe(false);
  });

  it('uses the Norwegian counties of the 2024 reform', () => {
    const ids = regionsOf('NO').map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining(['NO-31', 'NO-32', 'NO-33', 'NO-39', 'NO-40', 'NO-55', 'NO-56']));
    for (const gone of ['NO-30', 'NO-38', 'NO-54']) expect(ids).not.toContain(gone);
  });
});

describe('findRegion', () => {
  it('finds a region by its code, case-insensitively', () => {
    expect(findRegion('gb-sct')).toEqual({ id: 'GB-SCT', country: 'GB', name: 'Scotland' });
  });

  it('returns undefined for an unknown code', () => {
    expect(findRegion('NL-XX')).toBeUndefined();
    expect(findRegion('')).toBeUndefined();
  });
});

describe('regionsOf', () => {
  it('returns only the regions of that country', () => {
    expect(regionsOf('at').every((r) => r.country === 'AT')).toBe(true);
  });

  it('returns an empty list for an unknown country', () => {
    expect(regionsOf('XX')).toEqual([]);
  });
});

describe('regionName', () => {
  it("uses the name in the visitor's language where the country has one", () => {
    const geneva = findRegion('CH-GE');
    expect(geneva && regionName(geneva, 'de')).toBe('Genf');
    expect(geneva && regionName(geneva, 'fr')).toBe('Genève');
    const uusimaa = findRegion('FI-18');
    expect(uusimaa && regionName(uusimaa, 'sv')).toBe('Nyland');
  });

  it('falls back to the main name', () => {
    const bayern = findRegion('DE-BY');
    expect(bayern && regionName(bayern, 'en')).toBe('Bayern');
  });
});
