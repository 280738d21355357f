import { describe, expect, it } from 'vitest';
import { LOCALES } from '../data/locales.ts';
import { datePartOrder, formatDate, formatLocale, monthNames } from './format.ts';

const at = new Date('2026-03-03T16:15:00Z');
const utc = (lang: string, style: Parameters<typeof formatDate>[2]) => formatDate(at, lang, style, 'UTC');

describe('formatDate', () => {
  it("writes the page's language, not the browser's: English pages use the 24-hour clock", () => {
    expect(utc('en', 'time')).toBe('16:15');
    expect(utc('en', 'dateTimeLong')).toBe('3 March 2026 at 16:15');
    expect(utc('en', 'date')).toBe('3 Mar 2026');
  });

  it('writes every site language with a 24-hour clock and its own month names', () => {
    for (const lang of LOCALES) expect(utc(lang, 'time'), lang).toMatch(/^16[:.]15$/);
    expect(utc('de', 'dateLong')).toBe('3. März 2026');
    expect(utc('nl', 'dateLong')).toBe('3 maart 2026');
    expect(utc('fi', 'dateLong')).toBe('3. maaliskuuta 2026');
  });

  it('treats no as nb, and an unknown language as English', () => {
    expect(formatLocale('no')).toBe('nb-NO');
    expect(formatLocale('nl-BE')).toBe('nl-NL');
    expect(formatLocale('xx')).toBe('en-GB');
  });

  it('takes an ISO string or a timestamp, and writes nothing for an invalid date', () => {
    expect(formatDate('2026-03-03T16:15:00Z', 'en', 'time', 'UTC')).toBe('16:15');
    expect(formatDate(at.getTime(), 'en', 'time', 'UTC')).toBe('16:15');
    expect(formatDate('not a date', 'en', 'time')).toBe('');
  });
});

describe('date field order and month names', () => {
  it('puts day, month and year in the order the language writes them', () => {
    expect(datePartOrder('en')).toEqual(['day', 'month', 'year']);
    expect(datePartOrder('de')).toEqual(['day', 'month', 'year']);
    expect(datePartOrder('sv')).toEqual(['day', 'month', 'year']);
    for (const lang of LOCALES) expect(datePartOrder(lang).sort(), lang).toEqual(['day', 'month', 'year']);
  });

  it('names the twelve months as they stand alone', () => {
    expect(monthNames('en')[0]).toBe('January');
    expect(monthNames('de')[2]).toBe('März');
    expect(monthNames('pl')[10]).toBe('listopad');
    for (const lang of LOCALES) expect(new Set(monthNames(lang)).size, lang).toBe(12);
  });
});
