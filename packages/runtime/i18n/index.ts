import i18next, { type i18n } from 'i18next';
import { DEFAULT_LOCALE } from '../data/locales.ts';

/** The namespace of every string the site's pages and islands show (`locales/<lang>/ui.json`). */
export const UI_NAMESPACE = 'ui';

/** Flat keys (`"nav.search": "Search members"`) to texts, with i18next plural suffixes (`_one`, `_other`). */
export type UiBundle = Record<string, string>;

/**
 * Keys under this prefix are shown only by Astro at build time (page copy, footer), never by an
 * island, so the page does not ship them to the browser.
 */
export const BUILD_ONLY_PREFIX = 'page.';

/** Id of the JSON script in which a page hands its language's island strings to the browser. */
export const I18N_SCRIPT_ID = 'datekit-i18n';

/** What that script holds: `{ "lng": "nl", "ui": { ...island keys } }`. */
export interface InlineI18n {
  lng: string;
  ui: UiBundle;
}

/**
 * An i18next instance for one language, ready at once (`initAsync: false`, resources given), so that
 * Astro at build time and an island during hydration produce the same text without a request.
 * `bundle` already holds the fallback language's text for keys the language lacks.
 */
export function createI18n(lng: string, bundle: UiBundle): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng,
    fallbackLng: DEFAULT_LOCALE,
    resources: { [lng]: { [UI_NAMESPACE]: bundle } },
    ns: [UI_NAMESPACE],
    defaultNS: UI_NAMESPACE,
    keySeparator: false,
    nsSeparator: false,
    initAsync: false,
    // React and Astro escape what they render; escaping here too would show `&amp;`.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

/** `fallback`'s text for every key the language lacks, so one bundle per page is enough. */
export function withFallback(bundle: UiBundle | undefined, fallback: UiBundle): UiBundle {
  return { ...fallback, ...bundle };
}

/** The island part of a bundle: everything but the build-only keys. */
export function islandBundle(bundle: UiBundle): UiBundle {
  return Object.fromEntries(Object.entries(bundle).filter(([key]) => !key.startsWith(BUILD_ONLY_PREFIX)));
}

// One instance per language. On the server (Astro build) the layout registers each language's bundle
// before any island renders; in the browser the page's JSON script provides the one language it has.
const registered = new Map<string, UiBundle>();
const instances = new Map<string, i18n>();

export function registerUiBundle(lng: string, bundle: UiBundle): void {
  if (registered.get(lng) === bundle) return;
  registered.set(lng, bundle);
  instances.delete(lng);
}

/** The island i18n instance for `lng`; throws when neither a registered bundle nor the page's script has it. */
export function i18nFor(lng: string): i18n {
  let instance = instances.get(lng);
  if (instance) return instance;
  const bundle = registered.get(lng) ?? readInlineBundle(lng);
  if (!bundle) {
    throw new Error(`No "${UI_NAMESPACE}" strings for "${lng}": the layout must render the #${I18N_SCRIPT_ID} script`);
  }
  instance = createI18n(lng, bundle);
  instances.set(lng, instance);
  return instance;
}

function readInlineBundle(lng: string): UiBundle | null {
  if (typeof document === 'undefined') return null;
  const script = document.getElementById(I18N_SCRIPT_ID);
  if (!script?.textContent) return null;
  const data = JSON.parse(script.textContent) as InlineI18n;
  return data.lng === lng ? data.ui : null;
}

/** JSON that is safe inside `<script type="application/json">`: no `</script>` or `<!--` can close it early. */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
