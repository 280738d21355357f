import { brandSettings, type CompanyInfo, type Settings } from '@datekit/runtime/schemas/api/settings';
import type { Brand } from '@datekit/runtime/schemas/brand';

export interface RequestFacts {
  geoipCountry: string | null;
  cdnPrefix: string;
  pushPublicKey: string | null;
  /** config.testSite: production running the sandbox, where no real payment is taken. */
  testSite: boolean;
}

/**
 * The public face of a brand file: never secrets, only what the site needs in the browser. The brand
 * fields it carries as they are, and their types, come from `SETTINGS_BRAND_FIELDS` in the runtime.
 */
export function toSettingsJson(brand: Brand, facts: RequestFacts): Settings {
  return {
    ...brandSettings(brand),
    niche: brand.niche,
    languages: brand.languages,
    minimum_message_costs: brand.minimum_message_costs,
    fictional_singular: brand.fictional_singular ?? null,
    fictional_plural: brand.fictional_plural ?? null,
    site_entry_popup_countries: brand.site_entry_popup_countries ?? null,
    cdn_prefix: facts.cdnPrefix,
    geoip_country: facts.geoipCountry,
    geoip_selected_country: brand.countries.find((country) => country === facts.geoipCountry) ?? brand.countries[0]!,
    push_public_key: facts.pushPublicKey,
    test_site: facts.testSite,
  };
}

export function toCompanyJson(brand: Brand): CompanyInfo {
  const { name, address, kvk, city, country, tradenames, vat_numbers, support_phone, delete_discount, added } =
    brand.company;
  return { name, address, kvk, city, country, tradenames, vat_numbers, support_phone, delete_discount, added };
}
