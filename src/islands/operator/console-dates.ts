import { formatDate } from '@datekit/runtime/i18n/format';

/**
 * The console's dates and times, through the site's one date module (packages/runtime/i18n/format.ts):
 * in the console page's language (the operator's choice in the navigation), so a German console reads
 * "29.11.2026, 14:05" and not a US "11/29/26, 2:05 PM". Days of the dashboard are UTC days
 * (`YYYY-MM-DD`) and are written as such, never shifted by the browser's time zone.
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

export function consoleDates(lang: string): ConsoleDates {
  const utcDay = (day: string) => `${day}T00:00:00Z`;
  return {
    dateTime: (iso) => formatDate(iso, lang, 'dateTime'),
    date: (iso) => formatDate(iso, lang, 'date'),
    day: (day) => formatDate(utcDay(day), lang, 'date', 'UTC'),
    dayShort: (day) => formatDate(utcDay(day), lang, 'dayMonth', 'UTC'),
  };
}
