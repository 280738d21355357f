import { z } from 'zod';
import { COUNTRY_CODES } from '../../data/countries.ts';
import { LOCALES } from '../../data/locales.ts';
import { findNiche, NICHES } from '../../data/niches.ts';

const nicheList = NICHES.map((n) => `${n.id} (${n.slug})`).join(', ');

/** A niche named by id or slug; the final transform of the brand schema turns it into `{ id, slug }`. */
const nicheRef = z.union([z.number().int(), z.string()]).refine((value) => findNiche(value) !== undefined, {
  error: (issue) => `there is no niche ${JSON.stringify(issue.input)}; use an id or slug: ${nicheList}`,
  // `choices` lets the CLI suggest the closest slug for a typo.
  params: { choices: NICHES.map((n) => n.slug) },
});

/** Whom the site is for: countries, languages and niche. */
export const audienceSchema = z.object({
  countries: z
    .array(z.enum(COUNTRY_CODES))
    .min(1)
    .meta({
      description:
        'Countries the site serves (ISO 3166 codes). The first is the main one; together they set the currencies every credit bundle needs a price in and, unless `languages` is given, the visible languages.',
      examples: [['DK']],
    }),
  languages: z
    .array(z.enum([...LOCALES, 'no']))
    .min(1)
    .optional()
    .meta({
      description:
        'Languages visitors can choose (`no` means `nb`). Defaults to the languages of `countries` plus English.',
      examples: [['da', 'en']],
    }),
  niche: nicheRef.meta({
    description: `Niche by id or slug: ${nicheList}. Sets the lander slug and the search defaults (see \`niches/<slug>.yaml\`).`,
    examples: ['milf'],
  }),
});
