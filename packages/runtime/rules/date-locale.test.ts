import { describe, expect, it } from 'vitest';
import { dateLocale } from './date-locale.ts';

const time = (locale: string) =>
  new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' }).format(
    new Date('2026-11-24T10:49:00Z'),
  );

describe('dateLocale', () => {
  it("takes the browser's region for the page's language", () => {
    expect(dateLocale('en', ['en-GB', 'en'])).toBe('en-GB');
    expect(dateLocale('de', ['fr-FR', 'de-CH'])).toBe('de-CH');
  });

  it('writes 24-hour time for an en-GB browser and 12-hour time for an en-US one', () => {
    expect(time(dateLocale('en', ['en-GB']))).toBe('10:49');
    expect(time(dateLocale('en', ['en-US']))).toMatch(/^10:49\s?AM$/);
  });

  it("lends the region of the browser's first language to another page language", () => {
    expect(dateLocale('en', ['nl-NL', 'nl'])).toBe('en-NL');
    expect(time(dateLocale('en', ['nl-NL']))).toBe('10:49');
  });

  it('treats no and nb as one language', () => expect(dateLocale('nb', ['no-NO'])).toBe('no-NO'));

  it("keeps the page's language when the browser names no region, or an unknown combination", () => {
    expect(dateLocale('fr', ['fr', 'en'])).toBe('fr');
    expect(dateLocale('fi', [])).toBe('fi');
    expect(dateLocale('fi', ['sv-SE'], (tag) => tag === 'fi')).toBe('fi');
  });
});
