import { describe, expect, it } from 'vitest';
import { LOCALES } from '@datekit/runtime/data/locales';
import { inlineJson } from '@datekit/runtime/i18n';
import { inlineI18n, inlineI18nJson, inlineOperatorI18n, inlineOperatorI18nJson } from './index.ts';

// The JSON scripts of pages are serialized once per language and reused for every page of it: each
// language must still get its own strings, exactly as serializing them on the page would.
describe('the JSON script of a language, made once', () => {
  it.each(LOCALES)('%s: brand pages and console pages get their own strings, the same on every page', (lang) => {
    expect(inlineI18nJson(lang)).toBe(inlineJson(inlineI18n(lang)));
    expect(inlineOperatorI18nJson(lang)).toBe(inlineJson(inlineOperatorI18n(lang)));
    expect(JSON.parse(inlineOperatorI18nJson(lang))).toMatchObject({ lng: lang });
    expect(inlineOperatorI18nJson(lang)).toBe(inlineOperatorI18nJson(lang));
  });
});
