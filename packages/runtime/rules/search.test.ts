import { describe, expect, it } from 'vitest';
import { ageOn } from './signup.ts';
import { birthDateBounds, resolveSearchFilters } from './search.ts';

const defaults = { gender: 'female' as const, min_age: 35, max_age: 65 };

describe('resolveSearchFilters', () => {
  it('starts from the niche defaults', () => {
    expect(resolveSearchFilters({}, defaults)).toEqual({
      gender: 'female',
      country: null,
      countryregion: null,
      min_age: 35,
      max_age: 65,
      page: 1,
    });
  });

  it('takes what the member chose, "any" gender included', () => {
    expect(
      resolveSearchFilters(
        { gender: 'any', country: 'NL', countryregion: 'NL-NH', min_age: 20, max_age: 30, page: 3 },
        defaults,
      ),
    ).toEqual({
      gender: null,
      country: 'NL',
      countryregion: 'NL-NH',
      min_age: 20,
      max_age: 30,
      page: 3,
    });
  });

  it('keeps ages within 18–99 and in order, pages from 1', () => {
    expect(resolveSearchFilters({ min_age: 120, max_age: 5, page: -2 }, defaults)).toMatchObject({
      min_age: 18,
      max_age: 99,
      page: 1,
    });
  });

  it('ignores a region without its country or of another country', () => {
    expect(resolveSearchFilters({ countryregion: 'NL-NH' }, defaults).countryregion).toBeNull();
    expect(resolveSearchFilters({ country: 'BE', countryregion: 'NL-NH' }, defaults).countryregion).toBeNull();
  });
});

describe('birthDateBounds', () => {
  const today = new Date('2026-11-20T10:00:00Z');

  it('includes someone on their birthday at both ends', () => {
    const { latest, earliestExclusive } = birthDateBounds(18, 30, today);
    expect(latest).toBe('2008-11-20');
    expect(earliestExclusive).toBe('1995-11-20');
    expect(ageOn('2008-11-20', today)).toBe(18);
    expect(ageOn('1995-11-21', today)).toBe(30);
    expect(ageOn('1995-11-20', today)).toBe(31);
  });
});
