import { z } from 'zod';
import { toLocale } from '../../data/locales.ts';
import { findNiche } from '../../data/niches.ts';
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

/** The shape of `brands/<domain>.yaml`; parsing applies defaults and computes the derived fields. */
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
