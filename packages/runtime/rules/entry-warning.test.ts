import { describe, expect, it } from 'vitest';
import {
  entryWarningNeedsCountry,
  parseSkippedAt,
  showEntryWarning,
  type EntryWarningConfig,
  type EntryWarningVisit,
} from './entry-warning.ts';

const visitor: EntryWarningVisit = { loggedIn: false, installedApp: false, skippedAt: null, country: null };
const brand: EntryWarningConfig = { layout: 'default', enabled: true };

describe('showEntryWarning', () => {
  const cases: [string, Partial<EntryWarningConfig>, Partial<EntryWarningVisit>, boolean][] = [
    ['a new visitor of a default page, country unknown', {}, {}, true],
    ['a new visitor from NL on a default page', {}, { country: 'NL' }, true],
    ['a new visitor from the US on a default page', {}, { country: 'US' }, true],
    ['a logged-in member', {}, { loggedIn: true, country: 'NL' }, false],
    ['the installed app', {}, { installedApp: true, country: 'NL' }, false],
    ['a visitor who skipped it before', {}, { skippedAt: 1_700_000_000, country: 'NL' }, false],
    ['a brand that turned it off', { enabled: false }, { country: 'NL' }, false],
    ['a visitor inside the brand’s country list', { countries: ['DK', 'SE'] }, { country: 'DK' }, true],
    ['a visitor outside the brand’s country list', { countries: ['DK', 'SE'] }, { country: 'NO' }, false],
    ['an unknown country with a country list', { countries: ['DK'] }, { country: null }, false],
    ['a lower-case country code', { countries: ['DK'] }, { country: 'dk' }, true],
    ['the chat layout for NL', { layout: 'chat' }, { country: 'NL' }, true],
    ['the chat layout for DE', { layout: 'chat' }, { country: 'DE' }, true],
    ['the chat layout for BE', { layout: 'chat' }, { country: 'BE' }, false],
    ['the chat layout, country unknown', { layout: 'chat' }, { country: null }, false],
    ['the lander layout for DE', { layout: 'lander' }, { country: 'DE' }, true],
    ['the lander layout for DK', { layout: 'lander' }, { country: 'DK' }, false],
    ['the empty layout for NL', { layout: 'empty' }, { country: 'NL' }, true],
    ['the empty layout for FR', { layout: 'empty' }, { country: 'FR' }, false],
    [
      'a lander for NL when the brand’s list leaves NL out',
      { layout: 'lander', countries: ['DE'] },
      { country: 'NL' },
      false,
    ],
    ['a lander for DE inside the brand’s list', { layout: 'lander', countries: ['DE', 'AT'] }, { country: 'DE' }, true],
    [
      'a lander for AT inside the brand’s list but not NL/DE',
      { layout: 'lander', countries: ['DE', 'AT'] },
      { country: 'AT' },
      false,
    ],
    ['a lander for NL once skipped', { layout: 'lander' }, { country: 'NL', skippedAt: 1 }, false],
    ['a lander for a logged-in member from NL', { layout: 'lander' }, { country: 'NL', loggedIn: true }, false],
  ];

  it.each(cases)('%s', (_, config, visit, expected) => {
    expect(showEntryWarning({ ...brand, ...config }, { ...visitor, ...visit })).toBe(expected);
  });
});

describe('entryWarningNeedsCountry', () => {
  it('needs no country on the default layout without a country list', () => {
    expect(entryWarningNeedsCountry(brand)).toBe(false);
  });

  it('needs the country with a country list, and on the chat, lander and empty layouts', () => {
    expect(entryWarningNeedsCountry({ ...brand, countries: ['NL'] })).toBe(true);
    for (const layout of ['chat', 'lander', 'empty'] as const) {
      expect(entryWarningNeedsCountry({ ...brand, layout })).toBe(true);
    }
  });

  it('needs nothing when the brand turned the warning off', () => {
    expect(entryWarningNeedsCountry({ layout: 'lander', enabled: false, countries: ['NL'] })).toBe(false);
  });
});

describe('parseSkippedAt', () => {
  it('reads a stored unix time', () => {
    expect(parseSkippedAt('1700000000')).toBe(1_700_000_000);
  });

  it('treats nothing or garbage as never skipped', () => {
    expect(parseSkippedAt(null)).toBeNull();
    expect(parseSkippedAt('')).toBeNull();
    expect(parseSkippedAt('yes')).toBeNull();
    expect(parseSkippedAt('-5')).toBeNull();
  });
});
