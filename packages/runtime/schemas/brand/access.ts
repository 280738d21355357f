import { z } from 'zod';
import { COUNTRY_CODES } from '../../data/countries.ts';

/** Who may sign up and search, and when the entry warning shows (spec §2, §4, §6). */
export const accessSchema = z.object({
  signups: z
    .enum(['all', 'with_trafficsource', 'closed'])
    .default('all')
    .meta({
      description:
        'Who may sign up: `all`; `with_trafficsource`, only visitors who arrive with tracking parameters; `closed`, invite only.',
      examples: ['all'],
    }),
  logged_out_search: z
    .boolean()
    .default(false)
    .meta({
      description: 'Whether logged-out visitors may search members.',
      examples: [true],
    }),
  logged_out_search_trafficsource: z
    .boolean()
    .default(false)
    .meta({
      description: 'Whether logged-out visitors who arrive with tracking parameters may search members.',
      examples: [true],
    }),
  enable_site_entry_popup: z
    .boolean()
    .default(true)
    .meta({
      description: 'Whether logged-out visitors see the adults-only entry warning.',
      examples: [true],
    }),
  site_entry_popup_countries: z
    .array(z.enum(COUNTRY_CODES))
    .optional()
    .meta({
      description: 'When set, the entry warning shows only to visitors from these countries.',
      examples: [['NL', 'DE']],
    }),
  traffic_hold_score: z
    .number()
    .int()
    .min(1)
    .max(101)
    .default(50)
    .meta({
      description:
        "Traffic-quality score (0–100, see docs/marketing.md) from which a signup's SOI postback is held for an operator to release or reject; 101 never holds.",
      examples: [50],
    }),
});
