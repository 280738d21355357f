import { beforeAll, describe, expect, it } from 'vitest';
import { loadBrands } from '@datekit/brand-config';
import type { Brand } from '@datekit/runtime/schemas/brand';
import { legalFacts, legalLinks } from './facts.ts';

let brands: Map<string, Brand>;

beforeAll(async () => {
  const loaded = await loadBrands();
  brands = new Map(loaded.brands.map((brand) => [brand.domain, brand]));
});

/** Stands in for the page's translator: the generic payment methods get a recognisable text. */
const t = (key: string) => `«${key.split('.').at(-1)}»`;

describe('legalFacts', () => {
  it('fills the company facts in the page language', () => {
    const facts = legalFacts(brands.get('reifeliebe.de')!, 'de', t);
    expect(facts).toMatchObject({
      site: 'ReifeLiebe',
      company: 'Rheinblick Digital GmbH',
      country: 'Deutschland',
      registry: 'HRB 104517',
      vat_numbers: 'DE318204675, ATU72958134 und CHE482913657',
      terms_date: '6. Januar 2025',
      refund_days: 14,
      deletion_days: 14,
    });
  });

  it('names brand payment methods as they are and translates the generic ones, as alternatives', () => {
    const facts = legalFacts(brands.get('flirtnord.dk')!, 'da', t);
    expect(facts.payment_methods).toBe('«creditcard», Apple Pay, PayPal eller «banktransfer»');
  });

  it('uses the site name when the company lists no trade names', () => {
    const brand = brands.get('localhost')!;
    const facts = legalFacts({ ...brand, company: { ...brand.company, tradenames: [] } }, 'en', t);
    expect(facts.tradenames).toBe(brand.name);
  });
});

describe('legalLinks', () => {
  it('dials the support phone without spaces and writes to the support address', () => {
    const links = legalLinks(brands.get('localhost')!);
    expect(links.phone).toBe('tel:+31852084167');
    expect(links.email).toBe('mailto:support@datekit.example');
    expect(links.returns).toBe('/pages/return-policy');
  });
});
