import { describe, expect, it } from 'vitest';
import { formatPrice, priceFormat, pricedBundles, pricingCountry } from './pricing.ts';

/** Intl writes a narrow no-break space in some currencies; tests compare with plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('pricingCountry', () => {
  it("picks the brand country whose main language is the page's", () => {
    expect(pricingCountry('de', ['DE', 'AT', 'CH'])).toBe('DE');
    expect(pricingCountry('it', ['DE', 'AT', 'CH'])).toBe('CH');
    expect(pricingCountry('nl', ['NL', 'BE'])).toBe('NL');
  });

  it('falls back to a country where the language is one of several', () => {
    expect(pricingCountry('fr', ['DE', 'CH'])).toBe('CH');
    expect(pricingCountry('fr', ['NL', 'BE'])).toBe('BE');
  });

  it("uses the brand's first country for a language none of its countries speaks", () => {
    expect(pricingCountry('en', ['DK'])).toBe('DK');
    expect(pricingCountry('en', ['NL', 'BE'])).toBe('NL');
  });

  it('rejects a brand without countries', () => {
    expect(() => pricingCountry('en', [])).toThrow();
  });
});

describe('priceFormat and formatPrice', () => {
  it("writes euros the way the page's language does in that country", () => {
    expect(plain(formatPrice(14.95, priceFormat('nl', ['NL', 'BE'])))).toBe('€ 14,95');
    expect(plain(formatPrice(14.95, priceFormat('en', ['NL', 'BE'])))).toBe('€14.95');
    expect(plain(formatPrice(17.95, priceFormat('de', ['DE', 'AT', 'CH'])))).toBe('17,95 €');
  });

  it('uses the currency of the chosen country', () => {
    expect(priceFormat('it', ['DE', 'AT', 'CH'])).toEqual({ country: 'CH', currency: 'CHF', locale: 'it-CH' });
    expect(plain(formatPrice(149, priceFormat('da', ['DK'])))).toBe('149,00 kr.');
    // English as written in Denmark (CLDR en-DK) keeps the Danish notation.
    expect(plain(formatPrice(149, priceFormat('en', ['DK'])))).toBe('149,00 kr.');
  });
});

describe('pricedBundles', () => {
  const bundles = [
    { id: 'starter', credits: 60, prices: { EUR: 15, CHF: 15 }, popular: false },
    { id: 'popular', credits: 150, prices: { EUR: 30 }, popular: true },
    { id: 'value', credits: 300, prices: { EUR: 45, CHF: 44 }, popular: false },
  ];

  it('writes out price, price per message and saving against the first bundle', () => {
    const rows = pricedBundles(bundles, priceFormat('en', ['IE']), 10);
    expect(rows.map((r) => ({ ...r, price: plain(r.price), perMessage: plain(r.perMessage) }))).toEqual([
      { id: 'starter', credits: 60, popular: false, price: '€15.00', perMessage: '€2.50', savingPercent: 0 },
      { id: 'popular', credits: 150, popular: true, price: '€30.00', perMessage: '€2.00', savingPercent: 20 },
      { id: 'value', credits: 300, popular: false, price: '€45.00', perMessage: '€1.50', savingPercent: 40 },
    ]);
  });

  it('leaves out a bundle without a price in the currency', () => {
    const rows = pricedBundles(bundles, priceFormat('it', ['CH']), 10);
    expect(rows.map((r) => r.id)).toEqual(['starter', 'value']);
  });
});
