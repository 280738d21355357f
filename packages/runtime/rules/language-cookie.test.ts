import { describe, expect, it } from 'vitest';
import { languageCookie, readCookie } from './language-cookie.ts';

describe('languageCookie', () => {
  it('keeps the language 365 days on every path', () => {
    expect(languageCookie('nl')).toBe('lang=nl; Max-Age=31536000; Path=/; SameSite=Lax');
  });

  it('is marked secure on https', () => {
    expect(languageCookie('de', true)).toMatch(/; Secure$/);
  });
});

describe('readCookie', () => {
  it('finds a cookie among others', () => {
    expect(readCookie('a=1; lang=nl; b=2', 'lang')).toBe('nl');
  });

  it('does not match a cookie whose name only ends the same', () => {
    expect(readCookie('xlang=de', 'lang')).toBeNull();
  });

  it('answers null when missing or malformed', () => {
    expect(readCookie('', 'lang')).toBeNull();
    expect(readCookie('lang=%E0%A4%A', 'lang')).toBeNull();
  });
});
