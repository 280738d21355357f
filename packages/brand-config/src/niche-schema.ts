import { z } from 'zod';
import { findNiche, NICHE_SLUGS, NICHES } from '@datekit/runtime/data/niches';

/** An i18n key of the niche's own copy, such as `niche.milf.headline`; the locale files translate it. */
const copyKey = z
  .string()
  .regex(/^niche\.[a-z]+\.[a-z_]+$/, { error: 'must be a copy key such as "niche.milf.headline"' });

const age = z.number().int().min(18).max(99);

/** The shape of `niches/<slug>.yaml`: what a niche changes on every brand that uses it. */
export const nicheFileSchema = z
  .strictObject({
    id: z
      .number()
      .int()
      .meta({ description: `Niche id, as brands may name it: ${NICHES.map((n) => n.id).join(', ')}.`, examples: [6] }),
    slug: z.enum(NICHE_SLUGS).meta({
      description: 'Niche slug: the file name, the lander path and the prefix of the copy keys.',
      examples: ['milf'],
    }),
    search_defaults: z
      .strictObject({
        gender: z
          .enum(['female', 'male'])
          .meta({ description: 'Gender the search shows first.', examples: ['female'] }),
        min_age: age.meta({ description: 'Lowest age the search starts with (18 or more).', examples: [35] }),
        max_age: age.meta({ description: 'Highest age the search starts with (99 or less).', examples: [65] }),
      })
      .refine((d) => d.min_age <= d.max_age, { error: 'must not be below min_age', path: ['max_age'] })
      .meta({
        description: 'Filters the member search and the landers start with.',
        examples: [{ gender: 'female', min_age: 35, max_age: 65 }],
      }),
    hero: z
      .strictObject({
        headline: copyKey.meta({
          description: 'Copy key of the home page headline.',
          examples: ['niche.milf.headline'],
        }),
        subline: copyKey.meta({
          description: 'Copy key of the line under the headline.',
          examples: ['niche.milf.subline'],
        }),
        call_to_action: copyKey.meta({
          description: 'Copy key of the sign-up button.',
          examples: ['niche.milf.call_to_action'],
        }),
      })
      .meta({
        description: 'Copy keys of the home page and lander hero, translated in `locales/<lang>/`.',
        examples: [
          {
            headline: 'niche.milf.headline',
            subline: 'niche.milf.subline',
            call_to_action: 'niche.milf.call_to_action',
          },
        ],
      }),
    theme: z
      .strictObject({
        accent: z
          .string()
          .regex(/^#[0-9a-fA-F]{6}$/, { error: 'must be a colour such as "#b5446e"' })
          .meta({
            description: 'Accent colour of the niche imagery (hero overlay, lander highlights).',
            examples: ['#b5446e'],
          }),
      })
      .meta({ description: 'Colours the niche adds to the brand theme.', examples: [{ accent: '#b5446e' }] }),
  })
  .superRefine((niche, ctx) => {
    const expected = findNiche(niche.slug); // always found: the slug is one of the enum's values
    if (expected && expected.id !== niche.id) {
      ctx.addIssue({
        code: 'custom',
        path: ['id'],
        message: `the niche "${niche.slug}" has id ${expected.id}, not ${niche.id}`,
        params: { example: expected.id },
      });
    }
    for (const [field, key] of Object.entries(niche.hero)) {
      if (!key.startsWith(`niche.${niche.slug}.`)) {
        ctx.addIssue({
          code: 'custom',
          path: ['hero', field],
          message: `copy keys of this niche start with "niche.${niche.slug}."`,
          params: { example: `niche.${niche.slug}.${field}` },
        });
      }
    }
  });

export type Niche = z.output<typeof nicheFileSchema>;
