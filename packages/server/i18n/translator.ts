import fs from 'node:fs';
import path from 'node:path';
import i18next, { type TFunction } from 'i18next';
import { DEFAULT_LOCALE, type Locale, LOCALES } from '@datekit/runtime/data/locales';

/** Namespaces the server itself renders: API error messages, e-mail and catalogue names. */
const SERVER_NAMESPACES = ['errors', 'mail', 'interests', 'chat', 'checkout', 'push'] as const;

export type Translate = (locale: Locale, key: string, params?: Record<string, unknown>) => string;

/** Loads the server's namespaces for every locale once at start-up and returns a synchronous `t`. */
export function createTranslator(localesDir: string): Translate {
  const resources: Record<string, Record<string, Record<string, string>>> = {};
  for (const locale of LOCALES) {
    for (const ns of SERVER_NAMESPACES) {
      const file = path.join(localesDir, locale, `${ns}.json`);
      if (!fs.existsSync(file)) continue;
      (resources[locale] ??= {})[ns] = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
    }
  }
  const instance = i18next.createInstance();
  void instance.init({
    resources,
    initAsync: false,
    fallbackLng: DEFAULT_LOCALE,
    ns: [...SERVER_NAMESPACES],
    keySeparator: false,
    nsSeparator: ':',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  const fixed = new Map<Locale, TFunction>(LOCALES.map((l) => [l, instance.getFixedT(l)]));
  return (locale, key, params) => fixed.get(locale)!(key, params ?? {}) as string;
}
