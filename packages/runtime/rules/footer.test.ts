import { describe, expect, it } from 'vitest';
import { LOCALES } from '../data/locales.ts';
import { showsUsFooter } from './footer.ts';

describe('showsUsFooter', () => {
  it('shows in English', () => {
    expect(showsUsFooter('en')).toBe(true);
  });

  it('shows in no other language', () => {
    expect(LOCALES.filter((lang) => lang !== 'en' && showsUsFooter(lang))).toEqual([]);
  });
});
