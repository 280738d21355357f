import { describe, expect, it } from 'vitest';
import { acceptedLocales } from './accept-language.ts';

describe('Accept-Language', () => {
  it.each([
    ['de', ['de']],
    ['de-CH, en;q=0.8, *;q=0.1', ['de', 'en']],
    ['en;q=0.5, nl', ['nl', 'en']],
    ['no, sv;q=0.9', ['nb', 'sv']],
    ['fr;q=0, it', ['it']],
    ['ja, zh-CN;q=0.9', []],
    ['en-GB, en-US;q=0.9, en;q=0.8', ['en']],
    ['', []],
  ])('%j asks for %j', (header, locales) => {
    expect(acceptedLocales(header)).toEqual(locales);
  });
});
