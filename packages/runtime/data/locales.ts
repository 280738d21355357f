/** The languages every generated site can be shown in (spec §1, §9). `no` is accepted as an alias of `nb`. */
export const LOCALES = ['da', 'de', 'en', 'es', 'fi', 'fr', 'it', 'nl', 'nb', 'pl', 'sv'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

/** Names of each language in itself, for the language dropdown. */
export const LOCALE_NAMES: Record<Locale, string> = {
  da: 'Dansk',
  de: 'Deutsch',
  en: 'English',
  es: 'Español',
  fi: 'Suomi',
  fr: 'Français',
  it: 'Italiano',
  nl: 'Nederlands',
  nb: 'Norsk',
  pl: 'Polski',
  sv: 'Svenska',
};

const ALIASES: Record<string, Locale> = { no: 'nb', nn: 'nb' };

/**
 * Turns any language tag (`nl-NL`, `NO`, `de_AT`) into a supported locale, or null.
 * Only the first two letters count, as the spec says for domain_language.
 */
const LOCALE_SET: ReadonlySet<string> = new Set(LOCALES);

export function toLocale(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  // Most tags are a locale already (a language cookie, a brand's language): no string is made for them.
  if (LOCALE_SET.has(tag)) return tag as Locale;
  const prefix = tag.trim().slice(0, 2).toLowerCase();
  const resolved = ALIASES[prefix] ?? prefix;
  return (LOCALES as readonly string[]).includes(resolved) ? (resolved as Locale) : null;
}
