import { expect, test } from 'vitest';
import { closest, editDistance } from './did-you-mean.ts';

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
