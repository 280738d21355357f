import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from '../data/countries.ts';
import { VAT_RATES } from '../data/vat-rates.ts';
import { vatPercent, vatRateBasisPoints, vatSplit } from './vat.ts';

describe('vatSplit: the VAT contained in a VAT-inclusive amount', () => {
  it.each([
    ['NL', 1995, 2100, 1649, 346],
    ['DE', 1995, 1900, 1676, 319],
    ['FI', 1995, 2550, 1590, 405],
    ['CH', 1995, 810, 1846, 149],
    ['DK', 14995, 2500, 11996, 2999],
    ['LU', 1995, 1700, 1705, 290],
    ['PL', 4995, 2300, 4061, 934],
  ])('%s: %i cents at %i bp is %i net + %i VAT', (country, amount, bp, net, vat) => {
    expect(vatSplit(amount, country)).toEqual({ vat_rate_bp: bp, net_cents: net, vat_cents: vat });
  });

  it('rounds half a cent of VAT up, and net plus VAT is always the amount', () => {
    expect(vatSplit(9, 'FR')).toEqual({ vat_rate_bp: 2000, net_cents: 7, vat_cents: 2 }); // 1.5 cents
    expect(vatSplit(3, 'FR')).toEqual({ vat_rate_bp: 2000, net_cents: 2, vat_cents: 1 }); // 0.5 cents
    expect(vatSplit(1, 'DK')).toEqual({ vat_rate_bp: 2500, net_cents: 1, vat_cents: 0 });
    for (const country of ['FI', 'CH', 'SE', 'IE'])
      for (let amount = 0; amount < 3000; amount += 7) {
        const split = vatSplit(amount, country)!;
        expect(split.net_cents + split.vat_cents).toBe(amount);
      }
  });

  it('charges no VAT where the table says none, nor for a country it does not know', () => {
    expect(vatSplit(1995, 'US')).toBeNull();
    expect(vatSplit(1995, 'XX')).toBeNull();
    expect(vatRateBasisPoints('US')).toBeNull();
  });

  it('has a decision for every country datekit serves, each a plausible standard rate', () => {
    expect(Object.keys(VAT_RATES).sort()).toEqual([...COUNTRY_CODES].sort());
    for (const rate of Object.values(VAT_RATES)) {
      if (rate === null) continue;
      expect(rate).toBeGreaterThan(5);
      expect(rate).toBeLessThan(28);
    }
  });

  it('shows basis points as the percentage', () => {
    expect(vatPercent(2550)).toBe(25.5);
    expect(vatPercent(810)).toBe(8.1);
  });
});
