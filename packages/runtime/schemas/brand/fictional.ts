import { z } from 'zod';

/**
 * How fictional profiles are marked. Some profiles are not real people (the demo members, and
 * operator-run entertainment profiles); visitors must always be able to tell.
 */
export const fictionalSchema = z.object({
  fictional_icon: z
    .string()
    .min(1)
    .max(4)
    .default('✦')
    .meta({
      description: 'Symbol shown beside the name of a fictional profile.',
      examples: ['✦'],
    }),
  fictional_warning: z
    .boolean()
    .default(true)
    .meta({
      description: 'Whether a fictional profile also shows a sentence explaining that it is not a real person.',
      examples: [true],
    }),
  fictional_singular: z
    .string()
    .min(2)
    .optional()
    .meta({
      description: 'Overrides the translated label for one fictional profile.',
      examples: ['fictional profile'],
    }),
  fictional_plural: z
    .string()
    .min(2)
    .optional()
    .meta({
      description: 'Overrides the translated label for several fictional profiles.',
      examples: ['fictional profiles'],
    }),
});
