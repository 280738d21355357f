import { describe, expect, expectTypeOf, test } from 'vitest';
import type { z } from 'zod';
import { brandFieldsSchema, brandFileSchema, derivedFieldsSchema, type Brand } from '../brand/index.ts';
import { brandSettings, SETTINGS_BRAND_FIELDS, settingsSchema, type Settings } from './settings.ts';

type CopiedField = keyof typeof SETTINGS_BRAND_FIELDS;
type DerivedField = keyof z.output<typeof derivedFieldsSchema>;

/** A brand file with the required fields only: everything else takes its default. */
const minimalBrand = brandFileSchema.parse({
  name: 'Gamma Dates',
  domain: 'gamma.test',
  domain_language: 'nl',
  index_title: 'Gamma Dates – singles near you',
  description: 'Gamma Dates is where singles meet, chat in private and find a date near them.',
  countries: ['NL', 'BE'],
  niche: 'default',
  support_phone: '+31 20 123 45 67',
  support_email: 'support@gamma.test',
  company: {
    name: 'Gamma B.V.',
    address: 'Straat 1',
    kvk: '12345678',
    city: 'Amsterdam',
    country: 'NL',
    tradenames: ['Gamma Dates'],
    vat_numbers: ['NL123456789B01'],
    support_phone: '+31 20 123 45 67',
    delete_discount: 0,
    added: '2024-01-01',
  },
  credit_bundles: [{ id: 'starter', credits: 100, prices: { EUR: 19.95 } }],
});

describe('the settings projection is derived from the brand schema', () => {
  test('each brand field of the answer is the brand schema’s own field schema (type, enum values, default)', () => {
    for (const field of Object.keys(SETTINGS_BRAND_FIELDS) as CopiedField[]) {
      expect(settingsSchema.shape[field], field).toBe(brandFieldsSchema.shape[field]);
    }
    expect(settingsSchema.shape.niche).toBe(derivedFieldsSchema.shape.niche);
    expect(settingsSchema.shape.languages).toBe(derivedFieldsSchema.shape.languages);
    expect(settingsSchema.shape.minimum_message_costs).toBe(derivedFieldsSchema.shape.minimum_message_costs);
    // The geoip choice is one of the brand's countries: the same enum.
    expect(settingsSchema.shape.geoip_selected_country).toBe(brandFieldsSchema.shape.countries.element);
  });

  test('the types agree with what the brand schema parses to', () => {
    expectTypeOf<Pick<Settings, CopiedField>>().toEqualTypeOf<Pick<Brand, CopiedField>>();
    expectTypeOf<z.output<typeof derivedFieldsSchema>>().toEqualTypeOf<Pick<Brand, DerivedField>>();
    expectTypeOf<Settings['signups']>().toEqualTypeOf<Brand['signups']>();
    expectTypeOf<Settings['geoip_selected_country']>().toEqualTypeOf<Brand['countries'][number]>();
  });

  test('brandSettings copies every listed field, defaults included, and nothing else', () => {
    const copied = brandSettings(minimalBrand);
    expect(Object.keys(copied).sort()).toEqual(Object.keys(SETTINGS_BRAND_FIELDS).sort());
    for (const field of Object.keys(SETTINGS_BRAND_FIELDS) as CopiedField[]) {
      expect(copied[field], field).toEqual(minimalBrand[field]);
    }
    // Fields the file left out arrive with the brand schema's defaults.
    expect(copied).toMatchObject({ signups: 'all', company_id: 1, fictional_warning: true, member_resell: false });
  });

  test('the derived fields the transform computes parse with their schema', () => {
    const derived = {
      niche: minimalBrand.niche,
      languages: minimalBrand.languages,
      default_language: minimalBrand.default_language,
      currencies: minimalBrand.currencies,
      minimum_message_costs: minimalBrand.minimum_message_costs,
    };
    expect(derivedFieldsSchema.strict().parse(derived)).toEqual(derived);
  });
});
