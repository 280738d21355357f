import { describe, expect, it } from 'vitest';
import { INTERESTS } from './interests.ts';
import { INTEREST_GROUPS, interestGroupOf, interestMatches, POPULAR_INTERESTS } from './interest-groups.ts';

describe('interest groups', () => {
  it('put every interest of the catalogue in exactly one group', () => {
    const grouped = INTEREST_GROUPS.flatMap((group) => [...group.slugs]);
    expect(new Set(grouped).size).toBe(grouped.length);
    expect([...grouped].sort()).toEqual(INTERESTS.map((interest) => interest.slug).sort());
  });

  it('keep groups small enough to read at a glance', () => {
    for (const group of INTEREST_GROUPS) expect(group.slugs.length).toBeLessThanOrEqual(12);
  });

  it('name popular interests that exist, once each', () => {
    expect(new Set(POPULAR_INTERESTS).size).toBe(POPULAR_INTERESTS.length);
    for (const slug of POPULAR_INTERESTS) expect(interestGroupOf(slug)).toBeDefined();
  });

  it('match a search on every word, ignoring case and accents', () => {
    expect(interestMatches('Candlelit dinners', 'dinner')).toBe(true);
    expect(interestMatches('Candlelit dinners', 'CANDLE din')).toBe(true);
    expect(interestMatches('Randonnée', 'randonnee')).toBe(true);
    expect(interestMatches('Wandern', 'wein')).toBe(false);
    expect(interestMatches('Wandern', '  ')).toBe(true);
  });
});
