import { dateLocale } from '../../../packages/runtime/rules/date-locale.ts';

/**
 * The console's one way to write dates and times: in the console page's language (the operator's
 * choice in the navigation), with the region the browser states for it (`dateLocale`), so a German
 * console reads "29.11.2026, 14:05" and not a US "11/29/26, 2:05 PM". Days of the dashboard are
 * UTC days (`YYYY-MM-DD`) and are written as such, never shifted by the browser's time zone.
 */
export interface ConsoleDates {
  /** Date and time of an instant (ISO string). */
  dateTime(iso: string): string;
  /** The date of an instant (ISO string). */
  date(iso: string): string;
  /** A UTC day `YYYY-MM-DD` (the dashboard's rows). */
  day(day: string): string;
  /** A UTC day without its year (the chart's axis, where labels stand close together). */
  dayShort(day: string): string;
}

const cache = new Map<string, ConsoleDates>();

export function consoleDates(lang: string): ConsoleDates {
  const languages = typeof navigator === 'undefined' ? [] : navigator.languages;
  const locale = dateLocale(lang, languages);
  let dates = cache.get(locale);
  if (!dates) {
    const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
    const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
    const dayShort = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    dates = {
      dateTime: (iso) => dateTime.format(new Date(iso)),
      date: (iso) => date.format(new Date(iso)),
      day: (value) => day.format(new Date(`${value}T00:00:00Z`)),
      dayShort: (value) => dayShort.format(new Date(`${value}T00:00:00Z`)),
    };
    cache.set(locale, dates);
  }
  return dates;
}
