import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { INTERESTS, INTEREST_CATEGORIES, findInterest, interestsIn } from './interests.ts';
import { LOCALES } from './locales.ts';

const localesDir = new URL('../../../locales/', import.meta.url);

function readInterestNames(locale: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`${locale}/interests.json`, localesDir), 'utf8')) as Record<string, unknown>;
}

const slugs = INTERESTS.map((i) => i.slug);
const english = readInterestNames('en');
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

describe('INTERESTS', () => {
  it('has unique ids and slugs', () => {
    expect(new Set(INTERESTS.map((i) => i.id)).size).toBe(INTERESTS.length);
    expect(new Set(slugs).size).toBe(INTERESTS.length);
  });

  it('uses positive integer ids and kebab-case slugs', () => {
    for (const i of INTERESTS) {
      expect(Number.isInteger(i.id) && i.id > 0, i.slug).toBe(true);
      expect(i.slug).toMatch(/^[a-z]+(-[a-z]+)*$/);
    }
  });

  it('has a long list of hobbies and a shorter list of intimate interests', () => {
    expect(interestsIn('hobby').length).toBeGreaterThanOrEqual(35);
    expect(interestsIn('intimate').length).toBeGreaterThanOrEqual(15);
    for (const i of INTERESTS) expect(INTEREST_CATEGORIES).toContain(i.category);
  });

  it('gives every interest one distinct emoji as its icon', () => {
    for (const i of INTERESTS) {
      expect([...graphemes.segment(i.icon)], i.slug).toHaveLength(1);
      expect(i.icon, i.slug).toMatch(/^\p{Extended_Pictographic}/u);
    }
    expect(new Set(INTERESTS.map((i) => i.icon)).size).toBe(INTERESTS.length);
  });
});

describe('findInterest', () => {
  it('finds an interest by id, by id as a string and by slug', () => {
    const travel = INTERESTS.find((i) => i.slug === 'travel');
    expect(findInterest('travel')).toBe(travel);
    expect(travel && findInterest(travel.id)).toBe(travel);
    expect(travel && findInterest(String(travel.id))).toBe(travel);
  });

  it('returns undefined for an unknown id or slug', () => {
    expect(findInterest(0)).toBeUndefined();
    expect(findInterest(99_999)).toBeUndefined();
    expect(findInterest('no-such-interest')).toBeUndefined();
  });
});

describe.each(LOCALES)('locales/%s/interests.json', (locale) => {
  const names = readInterestNames(locale);

  it('has exactly the slugs of INTERESTS', () => {
    expect(Object.keys(names).sort()).toEqual([...slugs].sort());
  });

  it('has a non-empty, trimmed name for every interest', () => {
    for (const [slug, name] of Object.entries(names)) {
      expect(typeof name, slug).toBe('string');
      expect((name as string).trim(), slug).toBe(name);
      expect((name as string).length, slug).toBeGreaterThan(0);
    }
  });

  it.skipIf(locale === 'en')('is translated: at most 15% of the names equal the English ones', () => {
    const same = slugs.filter((slug) => names[slug] === english[slug]);
    expect(same.length / slugs.length, same.join(', ')).toBeLessThanOrEqual(0.15);
  });
});
