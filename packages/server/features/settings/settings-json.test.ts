import { describe, expect, test } from 'vitest';
import { settingsSchema } from '@datekit/runtime/schemas/api/settings';
import { FIXTURE_BRANDS } from '../../test/fixture-brands.ts';
import { toSettingsJson } from './settings-json.ts';

const facts = { geoipCountry: 'BE', cdnPrefix: '', pushPublicKey: null, testSite: false };

describe('toSettingsJson', () => {
  test.each(FIXTURE_BRANDS.map((brand) => [brand.domain, brand] as const))(
    'answers exactly the fields of the settings schema for %s',
    (_domain, brand) => {
      const answer = toSettingsJson(brand, facts);
      expect(Object.keys(answer).sort()).toEqual(Object.keys(settingsSchema.shape).sort());
      expect(settingsSchema.strict().parse(answer)).toEqual(answer);
    },
  );

  test('chooses the geoip country only when the brand serves it', () => {
    const brand = FIXTURE_BRANDS.find((b) => b.countries.length > 1)!;
    const served = brand.countries[1]!;
    expect(toSettingsJson(brand, { ...facts, geoipCountry: served }).geoip_selected_country).toBe(served);
    expect(toSettingsJson(brand, { ...facts, geoipCountry: 'ZZ' }).geoip_selected_country).toBe(brand.countries[0]);
  });
});
