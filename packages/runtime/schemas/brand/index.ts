import { z } from 'zod';
import { COUNTRIES, type Currency } from '../../data/countries.ts';
import { LOCALES, toLocale, type Locale } from '../../data/locales.ts';
import { findNiche, NICHES } from '../../data/niches.ts';
import { accessSchema } from './access.ts';
import { audienceSchema } from './audience.ts';
import { companySchema } from './company.ts';
import { creditsSchema } from './credits.ts';
import { fictionalSchema } from './fictional.ts';
import { identitySchema } from './identity.ts';
import { landersSchema } from './landers.ts';
import { profilesSchema } from './profiles.ts';
import { supportSchema } from './support.ts';
import { themeSchema } from './theme.ts';

export { hostnameSchema } from './identity.ts';
export { PAYMENT_METHODS } from './credits.ts';
export { PROFILE_FIELDS, SEARCH_FIELDS } from './profiles.ts';
export { LANDER_VARIANTS } from './landers.ts';
export { THEME_DEFAULTS } from './theme.ts';

/** The shape of `brands/<domain>.yaml`, before defaults and derived fields. */
export const brandFileSchema = z
  .strictObject({
    ...identitySchema.shape,
    ...audienceSchema.shape,
    ...accessSchema.shape,
    ...supportSchema.shape,
    ...fictionalSchema.shape,
    ...creditsSchema.shape,
    ...profilesSchema.shape,
    ...landersSchema.shape,
    company: companySchema,
    theme: themeSchema,
  })
  .superRefine((brand, ctx) => {
    const niche = findNiche(brand.niche);
    if (!niche) {
      ctx.addIssue({
        code: 'custom',
        path: ['niche'],
        message: `unknown niche; use an id or slug: ${NICHES.map((n) => `${n.id} (${n.slug})`).join(', ')}`,
      });
    }
    const languages = visibleLanguages(brand.countries, brand.languages);
    const main = toLocale(brand.domain_language);
    if (!main || !languages.includes(main)) {
      ctx.addIssue({
        code: 'custom',
        path: ['domain_language'],
        message: `"${brand.domain_language}" is not among the site's languages (${languages.join(', ')}); add it to \`languages\` or pick one of them`,
      });
    }
    const currencies = brandCurrencies(brand.countries);
    brand.credit_bundles.forEach((bundle, index) => {
      for (const currency of currencies) {
        if (bundle.prices[currency] === undefined) {
          ctx.addIssue({
            code: 'custom',
            path: ['credit_bundles', index, 'prices'],
            message: `bundle "${bundle.id}" has no price in ${currency}, the currency of one of the brand's countries`,
          });
        }
      }
    });
    const ids = brand.credit_bundles.map((b) => b.id);
    ids.forEach((id, index) => {
      if (ids.indexOf(id) !== index) {
        ctx.addIssue({ code: 'custom', path: ['credit_bundles', index, 'id'], message: `bundle id "${id}" is used twice` });
      }
    });
  })
  .transform((brand) => {
    // Fields derived from others are computed once here, so nothing downstream recomputes them.
    const languages = visibleLanguages(brand.countries, brand.languages);
    const niche = findNiche(brand.niche)!;
    return {
      ...brand,
      niche: { id: niche.id, slug: niche.slug },
      languages,
      default_language: toLocale(brand.domain_language) as Locale,
      currencies: brandCurrencies(brand.countries),
      minimum_message_costs: brand.minimum_message_costs ?? minimumMessageCosts(brand),
    };
  });

export type BrandFileInput = z.input<typeof brandFileSchema>;
/** A validated brand with defaults applied and derived fields computed. */
export type Brand = z.output<typeof brandFileSchema>;

/** Languages visitors can pick: the brand's list, or its countries' languages plus English, in locale order. */
export function visibleLanguages(countries: readonly (keyof typeof COUNTRIES)[], explicit?: readonly string[]): Locale[] {
  const wanted = new Set<Locale>();
  if (explicit) {
    for (const tag of explicit) wanted.add(toLocale(tag)!);
  } else {
    for (const country of countries) for (const lang of COUNTRIES[country].languages) wanted.add(lang);
    wanted.add('en');
  }
  return LOCALES.filter((l) => wanted.has(l));
}

export function brandCurrencies(countries: readonly (keyof typeof COUNTRIES)[]): Currency[] {
  return [...new Set(countries.map((c) => COUNTRIES[c].currency))];
}

/** The cheapest price of one message per country, from the bundle with the lowest price per credit. */
function minimumMessageCosts(brand: z.infer<typeof creditsSchema> & { countries: (keyof typeof COUNTRIES)[] }) {
  const costs: Partial<Record<keyof typeof COUNTRIES, { costs: number; currency: Currency }>> = {};
  for (const country of brand.countries) {
    const currency = COUNTRIES[country].currency;
    const perCredit = brand.credit_bundles
      .map((b) => (b.prices[currency] ?? Infinity) / b.credits)
      .reduce((a, b) => Math.min(a, b), Infinity);
    if (Number.isFinite(perCredit)) {
      costs[country] = { costs: Math.round(perCredit * brand.message_credits * 100) / 100, currency };
    }
  }
  return costs;
}
