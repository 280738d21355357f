import { expect, test } from 'vitest';
import { bestGuess, closest, didYouMean, editDistance } from './did-you-mean.ts';

test('suggests the same text in another case first', () => {
  expect(closest('nl', ['NL', 'NO', 'BE'])).toBe('NL');
});

test('suggests a candidate a letter or two away, counting swapped letters as one edit', () => {
  expect(closest('suport_email', ['support_phone', 'support_email'])).toBe('support_email');
  expect(closest('mlif', ['milf', 'gilf', 'gay'])).toBe('milf');
  expect(editDistance('mlif', 'milf')).toBe(1);
});

test('suggests nothing when no candidate is close', () => {
  expect(closest('cougar', ['default', 'she', 'bdsm', 'bbw', 'gilf', 'milf', 'gay'])).toBeUndefined();
});

const LANGUAGES = ['da', 'de', 'en', 'es', 'fi', 'fr', 'it', 'nl', 'nb', 'pl', 'sv', 'no'];
const COUNTRIES = [
  'NL',
  'BE',
  'LU',
  'DE',
  'AT',
  'CH',
  'DK',
  'NO',
  'SE',
  'FI',
  'PL',
  'FR',
  'IT',
  'ES',
  'IE',
  'GB',
  'US',
];

test('suggests by meaning before spelling: the language of a country code, the country of a language code', () => {
  expect(closest('se', LANGUAGES)).toBe('de');
  expect(bestGuess('se', LANGUAGES)).toBe('sv');
  expect(bestGuess('dk', LANGUAGES)).toBe('da');
  expect(bestGuess('gb', LANGUAGES)).toBe('en');
  expect(bestGuess('uk', LANGUAGES)).toBe('en');
  expect(bestGuess('at', LANGUAGES)).toBe('de');
  expect(bestGuess('UK', COUNTRIES)).toBe('GB');
  expect(bestGuess('sv', COUNTRIES)).toBe('SE');
  expect(bestGuess('se', COUNTRIES)).toBe('SE');
  expect(didYouMean('be', LANGUAGES)).toBe(
    '; did you mean "nl" or "fr"? (BE is the country Belgium; its languages are nl and fr)',
  );
  expect(bestGuess('be', LANGUAGES)).toBeUndefined();
  expect(didYouMean('xx', LANGUAGES)).toBe('');
});
