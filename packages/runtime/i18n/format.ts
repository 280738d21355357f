import { DEFAULT_LOCALE, toLocale, type Locale } from '../data/locales.ts';

/**
 * The one way datekit writes a date or a time: in the page's language (`<html lang>`, the i18n
 * language), never in the browser's. A member on the English site reads "14:05" in the chat and on
 * the receipt alike, whatever her browser is set to; the German site writes "14:05" and "3. März 2026".
 *
 * Each site language is written as the country the brands serve in it writes it: English as in
 * Britain (day month year, 24-hour clock), Norwegian as in Norway, and so on.
 */
const FORMAT_LOCALES: Record<Locale, string> = {
  da: 'da-DK',
  de: 'de-DE',
  en: 'en-GB',
  es: 'es-ES',
  fi: 'fi-FI',
  fr: 'fr-FR',
  it: 'it-IT',
  nl: 'nl-NL',
  nb: 'nb-NO',
  pl: 'pl-PL',
  sv: 'sv-SE',
};

/** The Intl locale of a site language (`en` -> `en-GB`, `no` -> `nb-NO`); unknown tags get English's. */
export function formatLocale(lang: string): string {
  return FORMAT_LOCALES[toLocale(lang) ?? DEFAULT_LOCALE];
}

/** The shapes a date takes on a page; each is one set of Intl options, so all screens agree. */
export const DATE_STYLES = {
  /** `14:05`: a chat message of today, a reset time. */
  time: { hour: '2-digit', minute: '2-digit' },
  /** `3 Mar`: a chat message of another day. */
  dayMonth: { day: 'numeric', month: 'short' },
  /** `3 Mar 2026`: a list row. */
  date: { dateStyle: 'medium' },
  /** `3 March 2026`: running text, a legal page, a sanction's end. */
  dateLong: { dateStyle: 'long' },
  /** `3 Mar 2026, 14:05`: a tooltip, an audit row. */
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  /** `3 March 2026 at 14:05`: a receipt. */
  dateTimeLong: { dateStyle: 'long', timeStyle: 'short' },
  /** `Tuesday 14:05`: a time within the coming week. */
  weekdayTime: { weekday: 'long', hour: '2-digit', minute: '2-digit' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateStyle = keyof typeof DATE_STYLES;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(lang: string, style: DateStyle, timeZone: string | undefined): Intl.DateTimeFormat {
  const locale = formatLocale(lang);
  const id = `${locale}|${style}|${timeZone ?? ''}`;
  let found = formatters.get(id);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, { ...DATE_STYLES[style], ...(timeZone ? { timeZone } : {}) });
    formatters.set(id, found);
  }
  return found;
}

/**
 * `date` in the page language's `style`. `timeZone` defaults to the reader's own (the browser's), which
 * is right for what an island renders after hydration; the build and the server pass `UTC` for
 * calendar dates, so a day never shifts with the machine's zone.
 */
export function formatDate(date: Date | string | number, lang: string, style: DateStyle, timeZone?: string): string {
  const value = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(value.getTime())) return '';
  return formatter(lang, style, timeZone).format(value);
}

export type DatePart = 'day' | 'month' | 'year';

/** The order in which the page's language writes day, month and year (`en`: day month year; `sv`: year month day). */
export function datePartOrder(lang: string): DatePart[] {
  const parts = new Intl.DateTimeFormat(formatLocale(lang), { year: 'numeric', month: 'long', day: 'numeric' })
    .formatToParts(new Date(Date.UTC(2000, 10, 22)))
    .map((part) => part.type)
    .filter((type): type is DatePart => type === 'day' || type === 'month' || type === 'year');
  return parts.length === 3 ? parts : ['day', 'month', 'year'];
}

/** The twelve month names in the page's language, January first, as they stand alone (`März`, `marzo`). */
export function monthNames(lang: string): string[] {
  const names = new Intl.DateTimeFormat(formatLocale(lang), { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, month) => names.format(new Date(Date.UTC(2000, month, 15))));
}
