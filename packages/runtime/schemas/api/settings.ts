import { z } from 'zod';
import { brandFieldsSchema, derivedFieldsSchema, type Brand } from '../brand/index.ts';

/**
 * The brand fields GET /api/settings.php carries as the brand file has them (spec §3 Settings). A field
 * named here gets its type, enum values and default from the brand schema, and `brandSettings()` copies
 * it: adding a brand field to the answer is one line here.
 */
export const SETTINGS_BRAND_FIELDS = {
  name: true,
  domain: true,
  domain_language: true,
  index_title: true,
  description: true,
  countries: true,
  signups: true,
  logged_out_search: true,
  logged_out_search_trafficsource: true,
  support_phone: true,
  support_email: true,
  fictional_icon: true,
  fictional_warning: true,
  enable_site_entry_popup: true,
  visible_profile_fields: true,
  visible_profile_notes: true,
  message_credits: true,
  photo_credits: true,
  gift_credits: true,
  signup_credits: true,
  message_length: true,
  search_fields: true,
  refund_days: true,
  member_resell: true,
  company_id: true,
} as const;

const brand = brandFieldsSchema.shape;

/** GET /api/settings.php: the brand's public settings (spec §3 Settings) plus request-derived fields. */
export const settingsSchema = brandFieldsSchema.pick(SETTINGS_BRAND_FIELDS).extend({
  ...derivedFieldsSchema.pick({ niche: true, languages: true, minimum_message_costs: true }).shape,
  // Optional in the brand file; the answer says null.
  fictional_singular: brand.fictional_singular.unwrap().nullable(),
  fictional_plural: brand.fictional_plural.unwrap().nullable(),
  site_entry_popup_countries: brand.site_entry_popup_countries.unwrap().nullable(),
  cdn_prefix: z.string(),
  /** The visitor's country as the edge proxy reported it, when trusted; else null. */
  geoip_country: z.string().nullable(),
  /** The brand country used for this visitor: the geoip country when the brand serves it, else the main one. */
  geoip_selected_country: brand.countries.element,
  push_public_key: z.string().nullable(),
  /**
   * The installation takes no real payments (production running the built-in sandbox, PAYMENTS=sandbox):
   * every page shows a strip saying it is a test site.
   */
  test_site: z.boolean(),
});

export const settingsResponseSchema = z.object({ settings: settingsSchema, domain_language: z.string() });

export const companyInfoSchema = z.object({
  name: z.string(),
  address: z.string(),
  kvk: z.string(),
  city: z.string(),
  country: z.string(),
  tradenames: z.array(z.string()),
  vat_numbers: z.array(z.string()),
  support_phone: z.string(),
  delete_discount: z.number(),
  added: z.string(),
});

export type Settings = z.infer<typeof settingsSchema>;

/** The fields of `SETTINGS_BRAND_FIELDS`, copied from a validated brand. */
export function brandSettings(brand: Brand): Pick<Settings, keyof typeof SETTINGS_BRAND_FIELDS> {
  const fields = Object.keys(SETTINGS_BRAND_FIELDS) as (keyof typeof SETTINGS_BRAND_FIELDS)[];
  return Object.fromEntries(fields.map((field) => [field, brand[field]])) as Pick<
    Settings,
    keyof typeof SETTINGS_BRAND_FIELDS
  >;
}
export type CompanyInfo = z.infer<typeof companyInfoSchema>;

/** GET /api/companyinfo.php */
export const companyInfoResponseSchema = z.object({ company: companyInfoSchema });
