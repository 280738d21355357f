import { z } from 'zod';
import { COUNTRY_CODES } from '../../data/countries.ts';
import { LOCALES } from '../../data/locales.ts';
import { NICHES } from '../../data/niches.ts';

const nicheRef = z.union([
  z.number().int(),
  z.string(),
]);

/** Whom the site is for: countries, languages and niche. */
export const audienceSchema = z.object({
  countries: z.array(z.enum(COUNTRY_CODES)).min(1).meta({
    description: 'Countries the site serves (ISO 3166 codes). The first is the main one; they set currencies and default languages.',
    examples: [['DK']],
  }),
  languages: z.array(z.enum([...LOCALES, 'no'])).min(1).optional().meta({
    description:
      'Languages visitors can choose (`no` means `nb`). Defaults to the languages of `countries` plus English.',
    examples: [['da', 'en']],
  }),
  niche: nicheRef.meta({
    description: `Niche by id or slug: ${NICHES.map((n) => `${n.id} ${n.slug}`).join(', ')}. Sets the lander slug and search defaults.`,
    examples: ['milf'],
  }),
});
