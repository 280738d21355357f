import { z } from 'zod';

/** A bare host name: lower case, no scheme, no port, no path. */
export const hostnameSchema = z
  .string()
  .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/, {
    error: 'must be a bare lower-case host name such as "example.com" (no https://, port or path)',
  });

/** Who the site is: the names and texts that identify it to visitors and search engines. */
export const identitySchema = z.object({
  name: z
    .string()
    .min(2)
    .max(60)
    .meta({
      description: 'Site name shown in the navigation, titles, e-mails and legal pages.',
      examples: ['Flirt Nord'],
    }),
  domain: hostnameSchema.meta({
    description: 'The host name the site is served on. Must equal the file name without `.yaml`.',
    examples: ['flirtnord.dk'],
  }),
  aliases: z
    .array(hostnameSchema)
    .default([])
    .meta({
      description: 'Other host names that serve the same site (a `www.` prefix and `<domain>.localhost` always do).',
      examples: [['127.0.0.1']],
    }),
  domain_language: z
    .string()
    .regex(/^[a-z]{2}(-[A-Z]{2})?$/, { error: 'must be a language tag such as "nl" or "nl-NL"' })
    .meta({
      description:
        "The site's main language tag. Visitors without a language cookie get its first two letters when that is one of `languages`.",
      examples: ['da-DK'],
    }),
  index_title: z
    .string()
    .min(5)
    .max(70)
    .meta({
      description: 'The home page `<title>`; also the default title for search engines.',
      examples: ['Flirt Nord – dating for singles in Denmark'],
    }),
  description: z
    .string()
    .min(20)
    .max(170)
    .meta({
      description: 'Meta description of the site, shown by search engines under the title.',
      examples: ['Meet singles near you, chat in private and find a match tonight.'],
    }),
  logo: z
    .string()
    // No `..` and no leading `/`: the build copies the file, and it must come from brands/assets/.
    .regex(/^(?!\/)(?!.*\.\.)[\w./-]+\.(svg|png|webp)$/, {
      error: 'must be an .svg, .png or .webp file inside brands/assets/, such as "flirtnord.svg"',
    })
    .optional()
    .meta({
      description:
        'Logo file, relative to `brands/assets/`. Without one, the site shows its name in the theme colours.',
      examples: ['flirtnord.svg'],
    }),
  company_id: z
    .number()
    .int()
    .positive()
    .default(1)
    .meta({
      description: 'Identifier of the operating company, shared by every brand of that company.',
      examples: [1],
    }),
});
