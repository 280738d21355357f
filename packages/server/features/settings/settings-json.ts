import type { Brand, CompanyInfo, Settings } from '@datekit/runtime';

export interface RequestFacts {
  geoipCountry: string | null;
  cdnPrefix: string;
  pushPublicKey: string | null;
  /** config.testSite: production running the sandbox, where no real payment is taken. */
  testSite: boolean;
}

/** The public face of a brand file: never secrets, only what the site needs in the browser. */
export function toSettingsJson(brand: Brand, facts: RequestFacts): Settings {
  const served = facts.geoipCountry && (brand.countries as string[]).includes(facts.geoipCountry);
  return {
    name: brand.name,
    domain: brand.domain,
    domain_language: brand.domain_language,
    languages: brand.languages,
    index_title: brand.index_title,
    description: brand.description,
    countries: brand.countries,
    cdn_prefix: facts.cdnPrefix,
    geoip_country: facts.geoipCountry,
    geoip_selected_country: served ? facts.geoipCountry! : brand.countries[0]!,
    niche: brand.niche,
    signups: brand.signups,
    logged_out_search: brand.logged_out_search,
    logged_out_search_trafficsource: brand.logged_out_search_trafficsource,
    push_public_key: facts.pushPublicKey,
    support_phone: brand.support_phone,
    support_email: brand.support_email,
    fictional_icon: brand.fictional_icon,
    fictional_warning: brand.fictional_warning,
    fictional_singular: brand.fictional_singular ?? null,
    fictional_plural: brand.fictional_plural ?? null,
    minimum_message_costs: brand.minimum_message_costs,
    enable_site_entry_popup: brand.enable_site_entry_popup,
    site_entry_popup_countries: brand.site_entry_popup_countries ?? null,
    visible_profile_fields: brand.visible_profile_fields,
    visible_profile_notes: brand.visible_profile_notes,
    message_credits: brand.message_credits,
    photo_credits: brand.photo_credits,
    gift_credits: brand.gift_credits,
    signup_credits: brand.signup_credits,
    message_length: brand.message_length,
    search_fields: brand.search_fields,
    refund_days: brand.refund_days,
    member_resell: brand.member_resell,
    company_id: brand.company_id,
    test_site: facts.testSite,
  };
}

export function toCompanyJson(brand: Brand): CompanyInfo {
  const { name, address, kvk, city, country, tradenames, vat_numbers, support_phone, delete_discount, added } =
    brand.company;
  return { name, address, kvk, city, country, tradenames, vat_numbers, support_phone, delete_discount, added };
}
