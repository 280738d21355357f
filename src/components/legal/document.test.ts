import { describe, expect, it } from 'vitest';
import english from '../../../locales/en/pages.json';
import { STATIC_PAGES } from '@datekit/runtime/routes';
import { legalDocument } from './document.ts';

const keys = [
  'page.legal.toc',
  'page.legal.terms.title',
  'page.legal.terms.description',
  'page.legal.terms.intro',
  'page.legal.terms.parties.title',
  'page.legal.terms.parties.p1',
  'page.legal.terms.parties.company',
  'page.legal.terms.credits.title',
  'page.legal.terms.credits.p1',
  'page.legal.terms.credits.li1',
  'page.legal.terms.credits.li2',
  'page.legal.terms.credits.p2',
  'page.legal.terms.credits.step1',
  'page.legal.terms.credits.step2',
  'page.legal.terms.credits.li3',
  'page.legal.faq.title',
];

describe('legalDocument', () => {
  it('reads the page texts and its sections in the order of the keys', () => {
    const doc = legalDocument('terms', keys);
    expect(doc.titleKey).toBe('page.legal.terms.title');
    expect(doc.descriptionKey).toBe('page.legal.terms.description');
    expect(doc.introKey).toBe('page.legal.terms.intro');
    expect(doc.sections.map((s) => [s.id, s.titleKey])).toEqual([
      ['parties', 'page.legal.terms.parties.title'],
      ['credits', 'page.legal.terms.credits.title'],
    ]);
  });

  it('groups neighbouring list items into one list and keeps paragraphs and company details apart', () => {
    const [parties, credits] = legalDocument('terms', keys).sections;
    expect(parties!.blocks).toEqual([
      { kind: 'p', key: 'page.legal.terms.parties.p1' },
      { kind: 'company', key: 'page.legal.terms.parties.company' },
    ]);
    expect(credits!.blocks).toEqual([
      { kind: 'p', key: 'page.legal.terms.credits.p1' },
      { kind: 'ul', keys: ['page.legal.terms.credits.li1', 'page.legal.terms.credits.li2'] },
      { kind: 'p', key: 'page.legal.terms.credits.p2' },
      { kind: 'ol', keys: ['page.legal.terms.credits.step1', 'page.legal.terms.credits.step2'] },
      { kind: 'ul', keys: ['page.legal.terms.credits.li3'] },
    ]);
  });

  it('has no intro when the page has none', () => {
    expect(legalDocument('faq', ['page.legal.faq.title', 'page.legal.faq.description']).introKey).toBeNull();
  });

  it('refuses a page without a title or description, a section without a heading, or an unknown block', () => {
    expect(() => legalDocument('faq', ['page.legal.faq.title'])).toThrow(/description/);
    expect(() =>
      legalDocument('faq', ['page.legal.faq.title', 'page.legal.faq.description', 'page.legal.faq.signup.p1']),
    ).toThrow(/no title/);
    expect(() =>
      legalDocument('faq', ['page.legal.faq.title', 'page.legal.faq.description', 'page.legal.faq.signup.table1']),
    ).toThrow(/Unknown kind/);
  });
});

describe('the English legal texts', () => {
  it.each(STATIC_PAGES)('make a document with titled, non-empty sections for %s', (page) => {
    const doc = legalDocument(page, Object.keys(english));
    expect(doc.sections.length).toBeGreaterThanOrEqual(3);
    for (const section of doc.sections) expect(section.blocks.length, section.id).toBeGreaterThan(0);
  });
});
