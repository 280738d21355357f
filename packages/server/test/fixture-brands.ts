import type { NicheSearchDefaults } from '../brands/search-defaults.ts';
import { type Brand, type BrandFileInput, brandFileSchema } from '@datekit/runtime/schemas/brand';

/** Two small brands, parsed by the real schema, so the API tests don't depend on the shipped brand files. */
export const ALPHA_BRAND_FILE: BrandFileInput = {
  name: 'Alpha Dates',
  domain: 'alpha.test',
  domain_language: 'en',
  index_title: 'Alpha Dates – meet singles near you',
  description: 'Alpha Dates is where singles meet, chat in private and find a date tonight.',
  countries: ['NL', 'BE'],
  languages: ['en', 'nl'],
  niche: 'default',
  support_phone: '+31 20 123 45 67',
  support_email: 'support@alpha.test',
  company: {
    name: 'Alpha Media B.V.',
    address: 'Keizersgracht 1',
    kvk: '12345678',
    city: '1015 CJ Amsterdam',
    country: 'NL',
    support_phone: '+31 20 123 45 67',
    added: '2024-01-15',
  },
  signup_credits: 20,
  credit_bundles: [{ id: 'starter', credits: 100, prices: { EUR: 19.95 } }],
};

export const alphaBrand: Brand = brandFileSchema.parse(ALPHA_BRAND_FILE);

export const betaBrand: Brand = brandFileSchema.parse({
  ...ALPHA_BRAND_FILE,
  name: 'Beta Flirt',
  domain: 'beta.test',
  aliases: ['flirt.beta.test'],
  domain_language: 'nl-NL',
  support_email: 'support@beta.test',
  signups: 'with_trafficsource',
  message_length: 300,
});

export const closedBrand: Brand = brandFileSchema.parse({
  ...ALPHA_BRAND_FILE,
  name: 'Closed Club',
  domain: 'closed.test',
  support_email: 'support@closed.test',
  signups: 'closed',
});

export const FIXTURE_BRANDS = [alphaBrand, betaBrand, closedBrand];

/** The shipped niches' search defaults, as `niches/*.yaml` give them. */
export const FIXTURE_SEARCH_DEFAULTS: NicheSearchDefaults = {
  default: { gender: 'female', min_age: 18, max_age: 99 },
  she: { gender: 'female', min_age: 18, max_age: 99 },
  bdsm: { gender: 'female', min_age: 18, max_age: 99 },
  bbw: { gender: 'female', min_age: 18, max_age: 99 },
  gilf: { gender: 'female', min_age: 60, max_age: 99 },
  milf: { gender: 'female', min_age: 35, max_age: 65 },
  gay: { gender: 'male', min_age: 18, max_age: 99 },
};
