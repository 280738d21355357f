import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createI18n,
  i18nFor,
  I18N_SCRIPT_ID,
  inlineJson,
  islandBundle,
  registerUiBundle,
  withFallback,
} from './index.ts';

afterEach(() => vi.unstubAllGlobals());

describe('createI18n', () => {
  const i18n = createI18n('nl', {
    'nav.search': 'Leden zoeken',
    'nav.unread_one': '{{count}} ongelezen bericht',
    'nav.unread_other': '{{count}} ongelezen berichten',
    'footer.rights': '© {{year}} {{company}}',
  });

  it('translates flat keys with dots at once, without waiting', () => {
    expect(i18n.isInitialized).toBe(true);
    expect(i18n.t('nav.search')).toBe('Leden zoeken');
  });

  it('applies the language’s plural rules', () => {
    expect(i18n.t('nav.unread', { count: 1 })).toBe('1 ongelezen bericht');
    expect(i18n.t('nav.unread', { count: 4 })).toBe('4 ongelezen berichten');
  });

  it('interpolates without escaping (the renderer escapes)', () => {
    expect(i18n.t('footer.rights', { year: 2026, company: 'Smit & Zn' })).toBe('© 2026 Smit & Zn');
  });
});

describe('bundles', () => {
  it('fills keys a language lacks from the fallback', () => {
    expect(withFallback({ a: 'nl-a' }, { a: 'en-a', b: 'en-b' })).toEqual({ a: 'nl-a', b: 'en-b' });
    expect(withFallback(undefined, { a: 'en-a' })).toEqual({ a: 'en-a' });
  });

  it('leaves build-only page copy out of what islands receive', () => {
    expect(islandBundle({ 'nav.login': 'Log in', 'page.hero.title': 'Meet' })).toEqual({ 'nav.login': 'Log in' });
  });
});

describe('i18nFor', () => {
  it('uses the bundle the layout registered at build time', () => {
    registerUiBundle('da', { 'nav.login': 'Log ind' });
    expect(i18nFor('da').t('nav.login')).toBe('Log ind');
  });

  it('reads the page’s JSON script in the browser', () => {
    const text = inlineJson({ lng: 'sv', ui: { 'nav.login': 'Logga in' } });
    vi.stubGlobal('document', {
      getElementById: (id: string) => (id === I18N_SCRIPT_ID ? { textContent: text } : null),
    });
    expect(i18nFor('sv').t('nav.login')).toBe('Logga in');
  });

  it('says what is missing when no strings exist for the language', () => {
    expect(() => i18nFor('fi')).toThrow(/No "ui" strings for "fi"/);
  });
});

describe('inlineJson', () => {
  it('cannot end the script element it sits in', () => {
    const text = inlineJson({ x: '</script><script>alert(1)</script><!--' });
    expect(text).not.toMatch(/<|>/);
    expect(JSON.parse(text)).toEqual({ x: '</script><script>alert(1)</script><!--' });
  });
});
