import { z } from 'zod';
import { CURRENCIES } from '../../data/countries.ts';
import { LOCALES, toLocale } from '../../data/locales.ts';
import { findNiche, NICHE_SLUGS, NICHES } from '../../data/niches.ts';
import { accessSchema } from './access.ts';
import { audienceSchema } from './audience.ts';
import { companySchema } from './company.ts';
import { creditsSchema } from './credits.ts';
import { checkAcrossFields } from './cross-field.ts';
import { brandCurrencies, minimumMessageCosts, visibleLanguages } from './derived.ts';
import { fictionalSchema } from './fictional.ts';
import { identitySchema } from './identity.ts';
import { landersSchema } from './landers.ts';
import { profilesSchema } from './profiles.ts';
import { supportSchema } from './support.ts';
import { themeSchema } from './theme.ts';

export { hostnameSchema } from './identity.ts';
export { PAYMENT_METHODS, paymentMethodWarnings } from './credits.ts';
export { PROFILE_FIELDS, SEARCH_FIELDS } from './profiles.ts';
export { LANDER_VARIANTS } from './landers.ts';
export { THEME_DEFAULTS } from './theme.ts';
export { BRAND_SECTIONS, type BrandSection } from './sections.ts';
export { brandCurrencies, visibleLanguages } from './derived.ts';
export type { BrandIssueParams } from './cross-field.ts';

/**
 * The fields of `brands/<domain>.yaml` as written, each with its default: what other schemas take
 * their brand fields from (`.pick`), so that a field's type, enum values and default have one home.
 */
export const brandFieldsSchema = z.strictObject({
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
});

/** The shape of `brands/<domain>.yaml`; parsing applies defaults and computes the derived fields. */
export const brandFileSchema = brandFieldsSchema
  // Zod runs these only when every field has the right shape, so they can trust the types.
  .superRefine(checkAcrossFields)
  .transform((brand, ctx) => {
    // Fields derived from others are computed once here, so nothing downstream recomputes them.
    const niche = findNiche(brand.niche);
    const defaultLanguage = toLocale(brand.domain_language);
    if (!niche || !defaultLanguage) {
      // Unreachable: the niche field and the cross-field checks have reported both already.
      ctx.addIssue({ code: 'custom', message: 'niche or domain_language is not valid' });
      return z.NEVER;
    }
    return {
      ...brand,
      niche: { id: niche.id, slug: niche.slug },
      languages: visibleLanguages(brand.countries, brand.languages),
      default_language: defaultLanguage,
      currencies: brandCurrencies(brand.countries),
      minimum_message_costs: brand.minimum_message_costs ?? minimumMessageCosts(brand),
    };
  });

export type BrandFileInput = z.input<typeof brandFileSchema>;
/** A validated brand with defaults applied and derived fields computed. */
export type Brand = z.output<typeof brandFileSchema>;

/**
 * The fields the transform above computes, as a schema, for answers that carry them (`.pick`);
 * `schemas/api/settings.test.ts` checks that its types are the transform's.
 */
export const derivedFieldsSchema = z.object({
  niche: z.object({ id: z.literal(NICHES.map((n) => n.id)), slug: z.enum(NICHE_SLUGS) }),
  languages: z.array(z.enum(LOCALES)),
  default_language: z.enum(LOCALES),
  currencies: z.array(z.enum(CURRENCIES)),
  minimum_message_costs: brandFieldsSchema.shape.minimum_message_costs.unwrap(),
});
