import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../data/locales.ts';

/**
 * Every language has every string of English: the same keys (plural keys following the language's own
 * plural categories), no empty text, the same `{{placeholders}}` and `<tags>`, and no text left in English.
 */

const localesDir = new URL('../../../locales/', import.meta.url);
const SOURCE = 'en';
/** Every namespace English has: a file added to `locales/en/` is checked in every language at once. */
const NAMESPACES = readdirSync(new URL('en/', localesDir))
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.replace(/\.json$/, ''))
  .sort();

/**
 * Share of a language's texts (all namespaces together, texts with words only) that may equal English:
 * loanwords such as "Golf" or "Likes". A text of more than one word equal to English always fails.
 */
const MAX_ENGLISH_SHARE = 0.1;

/** i18next's plural suffixes, in the order i18next itself lists them. */
const PLURAL_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
const PLURAL_KEY = new RegExp(`^(.+)_(${PLURAL_CATEGORIES.join('|')})$`);

type Bundle = Record<string, unknown>;

const localeDirs = readdirSync(localesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

function readBundle(locale: string, ns: string): Bundle {
  return JSON.parse(readFileSync(new URL(`${locale}/${ns}.json`, localesDir), 'utf8')) as Bundle;
}

function hasBundle(locale: string, ns: string): boolean {
  return readdirSync(new URL(`${locale}/`, localesDir)).includes(`${ns}.json`);
}

/** The base of a plural key (`nav.badge_credits` for `nav.badge_credits_one`) when English has its `_other`. */
function pluralBase(key: string, english: Bundle): string | null {
  const match = PLURAL_KEY.exec(key);
  return match && `${match[1]}_other` in english ? match[1]! : null;
}

/** The plural categories i18next uses for a language (it asks `Intl.PluralRules`), in i18next's order. */
function pluralCategories(locale: string): string[] {
  const used = new Intl.PluralRules(locale).resolvedOptions().pluralCategories as string[];
  return PLURAL_CATEGORIES.filter((category) => used.includes(category));
}

/** English's keys in English's order, each plural group swapped for the language's own categories. */
function expectedKeys(locale: string, english: Bundle): string[] {
  const keys: string[] = [];
  const seen = new Set<string>();
  for (const key of Object.keys(english)) {
    const base = pluralBase(key, english);
    if (base === null) {
      keys.push(key);
    } else if (!seen.has(base)) {
      seen.add(base);
      keys.push(...pluralCategories(locale).map((category) => `${base}_${category}`));
    }
  }
  return keys;
}

/** The English text a language's key translates: the same key, or `_other` for a category English lacks. */
function englishFor(key: string, english: Bundle): unknown {
  if (key in english) return english[key];
  const base = pluralBase(key, english);
  return base === null ? undefined : english[`${base}_other`];
}

function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*([^{}]+?)\s*\}\}/g)].map((m) => m[1]!))].sort();
}

/** Opening and closing tags, each as often as it occurs: `<terms>`, `</terms>`, `<br/>`. */
function tags(text: string): string[] {
  return [...text.matchAll(/<(\/?)([A-Za-z][\w-]*)[^<>]*?(\/?)>/g)].map((m) => `<${m[1]}${m[2]}${m[3]}>`).sort();
}

/** Words of a text without its placeholders and tags; one word is a loanword, more is a sentence. */
function wordCount(text: string): number {
  const bare = text.replace(/\{\{[^{}]*\}\}/g, ' ').replace(/<[^<>]*>/g, ' ');
  return bare.split(/\s+/).filter((word) => /\p{L}/u.test(word)).length;
}

function isText(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

describe('locale directories', () => {
  it('exist for every supported locale', () => {
    expect(LOCALES.filter((locale) => !localeDirs.includes(locale))).toEqual([]);
  });

  it.each(NAMESPACES)('English has the %s namespace', (ns) => {
    expect(hasBundle(SOURCE, ns)).toBe(true);
  });
});

describe.each(localeDirs)('locale %s', (locale) => {
  describe.each(NAMESPACES)('%s.json', (ns) => {
    const english = readBundle(SOURCE, ns);
    const present = hasBundle(locale, ns);
    const bundle = present ? readBundle(locale, ns) : {};

    it('exists', () => {
      expect(present, `locales/${locale}/${ns}.json is missing`).toBe(true);
    });

    it('has exactly the keys of English, in its order', () => {
      const expected = expectedKeys(locale, english);
      const actual = Object.keys(bundle);
      const missing = expected.filter((key) => !actual.includes(key));
      const extra = actual.filter((key) => !expected.includes(key));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
      expect(actual).toEqual(expected);
    });

    it('has no empty values', () => {
      const empty = Object.entries(bundle)
        .filter(([, value]) => !isText(value))
        .map(([key]) => key);
      expect(empty).toEqual([]);
    });

    it('keeps the placeholders and tags of English', () => {
      const differing: Record<string, Record<string, string[]>> = {};
      for (const [key, value] of Object.entries(bundle)) {
        const source = englishFor(key, english);
        if (!isText(value) || !isText(source)) continue;
        const want = [...placeholders(source), ...tags(source)];
        const have = [...placeholders(value), ...tags(value)];
        if (want.join('\n') !== have.join('\n')) differing[key] = { en: want, [locale]: have };
      }
      expect(differing).toEqual({});
    });

    it.skipIf(locale === SOURCE)('leaves no sentence in English', () => {
      const leftInEnglish = Object.entries(bundle)
        .filter(([key, value]) => isText(value) && value === englishFor(key, english) && wordCount(value) > 1)
        .map(([key]) => key);
      expect(leftInEnglish).toEqual([]);
    });
  });

  it.skipIf(locale === SOURCE)(`has at most ${MAX_ENGLISH_SHARE * 100}% of its texts equal to English`, () => {
    const same: string[] = [];
    let total = 0;
    for (const ns of NAMESPACES) {
      if (!hasBundle(locale, ns)) continue;
      const english = readBundle(SOURCE, ns);
      for (const [key, value] of Object.entries(readBundle(locale, ns))) {
        // Texts without words (`{{age}} · {{city}}`) have nothing to translate.
        if (isText(value) && wordCount(value) === 0) continue;
        total += 1;
        if (value === englishFor(key, english)) same.push(`${ns}:${key}`);
      }
    }
    expect(same.length / Math.max(total, 1), `equal to English: ${same.join(', ')}`).toBeLessThanOrEqual(
      MAX_ENGLISH_SHARE,
    );
  });
});
