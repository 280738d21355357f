import { z } from 'zod';

/** GET /api/settings.php: the brand's public settings (spec §3 Settings) plus request-derived fields. */
export const settingsSchema = z.object({
  name: z.string(),
  domain: z.string(),
  domain_language: z.string(),
  languages: z.array(z.string()),
  index_title: z.string(),
  description: z.string(),
  countries: z.array(z.string()),
  cdn_prefix: z.string(),
  /** The visitor's country as the edge proxy reported it, when trusted; else null. */
  geoip_country: z.string().nullable(),
  /** The brand country used for this visitor: the geoip country when the brand serves it, else the main one. */
  geoip_selected_country: z.string(),
  niche: z.object({ id: z.number(), slug: z.string() }),
  signups: z.enum(['all', 'with_trafficsource', 'closed']),
  logged_out_search: z.boolean(),
  logged_out_search_trafficsource: z.boolean(),
  push_public_key: z.string().nullable(),
  support_phone: z.string(),
  support_email: z.string(),
  fictional_icon: z.string(),
  fictional_warning: z.boolean(),
  fictional_singular: z.string().nullable(),
  fictional_plural: z.string().nullable(),
  minimum_message_costs: z.record(z.string(), z.object({ costs: z.number(), currency: z.string() })),
  enable_site_entry_popup: z.boolean(),
  site_entry_popup_countries: z.array(z.string()).nullable(),
  visible_profile_fields: z.array(z.string()),
  visible_profile_notes: z.boolean(),
  message_credits: z.number(),
  photo_credits: z.number(),
  gift_credits: z.number(),
  signup_credits: z.number(),
  message_length: z.number(),
  search_fields: z.array(z.string()),
  refund_days: z.number(),
  member_resell: z.boolean(),
  company_id: z.number(),
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
export type SettingsResponse = z.infer<typeof settingsResponseSchema>;
export type CompanyInfo = z.infer<typeof companyInfoSchema>;

/** GET /api/companyinfo.php */
export const companyInfoResponseSchema = z.object({ company: companyInfoSchema });
export type CompanyInfoResponse = z.infer<typeof companyInfoResponseSchema>;
