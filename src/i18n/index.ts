import { DEFAULT_LOCALE, LOCALES, type Locale } from '@datekit/runtime/data/locales';
import {
  i18nFor,
  islandBundle,
  registerUiBundle,
  withFallback,
  inlineJson,
  type InlineI18n,
  type UiBundle,
} from '@datekit/runtime/i18n';

/**
 * Build-time side of i18n: every site file of `locales/<lang>/` (ui, pages, landers, visitor, …) is
 * read once by Vite and merged into the one `ui` bundle of flat keys (adding a language is adding its
 * folder), completed with English for keys it lacks, and registered for the islands' server-side
 * render. Importing this module is what makes `i18nFor(lang)` work during the build. The server's
 * own namespaces (API errors, e-mail, catalogue names) stay out of the site's bundles.
 */
const files = import.meta.glob<UiBundle>(['/locales/*/*.json', '!/locales/*/{errors,mail,interests,checkout}.json'], {
  eager: true,
  import: 'default',
});

const raw = new Map<string, UiBundle>();
for (const [file, bundle] of Object.entries(files)) {
  const lang = file.split('/').at(-2)!;
  raw.set(lang, { ...raw.get(lang), ...bundle });
}
const fallback = raw.get(DEFAULT_LOCALE) ?? {};

const bundles = new Map<Locale, UiBundle>(LOCALES.map((lang) => [lang, withFallback(raw.get(lang), fallback)]));
for (const [lang, bundle] of bundles) registerUiBundle(lang, bundle);

/** Languages that have their own locale folder; the others show English. */
export const TRANSLATED_LANGUAGES: readonly string[] = [...raw.keys()];

/** The translate function of Astro components for one language. */
export function translator(lang: Locale) {
  return i18nFor(lang).t;
}

/** `make(lang)`, computed once per language and kept: a build renders every page of a language alike. */
function oncePerLanguage<T>(make: (lang: Locale) => T): (lang: Locale) => T {
  const made = new Map<Locale, T>();
  return (lang) => {
    if (!made.has(lang)) made.set(lang, make(lang));
    return made.get(lang)!;
  };
}

/** Keys of the operator console (`locales/<lang>/operator.json`): shipped to its pages only. */
const OPERATOR_PREFIX = 'op.';

function pick(bundle: UiBundle, keep: (key: string) => boolean): UiBundle {
  return Object.fromEntries(Object.entries(bundle).filter(([key]) => keep(key)));
}

/** What a brand page inlines for its islands: the language's strings without the build-only page copy and the console's. */
export const inlineI18n = oncePerLanguage((lang): InlineI18n => {
  const island = islandBundle(bundles.get(lang) ?? fallback);
  return { lng: lang, ui: pick(island, (key) => !key.startsWith(OPERATOR_PREFIX)) };
});

/**
 * `inlineI18n(lang)` as the text of the page's JSON script: the same on every page of a language, so
 * it is serialized once per language instead of once per page (tens of kilobytes each time).
 */
export const inlineI18nJson = oncePerLanguage((lang) => inlineJson(inlineI18n(lang)));

/** Keys of the code every island shares (the error boundary of `UiProvider`), so the console has them too. */
const SHARED_ISLAND_KEYS: ReadonlySet<string> = new Set(['error.generic']);

/** What an operator console page inlines: the console's strings and the shared island ones. */
export function inlineOperatorI18n(lang: Locale): InlineI18n {
  const keep = (key: string) => key.startsWith(OPERATOR_PREFIX) || SHARED_ISLAND_KEYS.has(key);
  return { lng: lang, ui: pick(bundles.get(lang) ?? fallback, keep) };
}

/**
 * `inlineOperatorI18n(lang)` as the text of a console page's JSON script, made once per language like
 * `inlineI18nJson`: picking the console's keys out of the whole bundle for every page was about 1 % of
 * a build's rendering time.
 */
export const inlineOperatorI18nJson = oncePerLanguage((lang) => inlineJson(inlineOperatorI18n(lang)));
