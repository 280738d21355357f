import { z } from 'zod';

/** Lander variants (spec §2 landing pages). */
export const LANDER_VARIANTS = [
  'tinderswipe',
  'alonetonight',
  'collagelanding',
  'gallery',
  'iconslanding',
  'maplanding',
  'socialnetwork',
  'transitionsvideolanding',
  'video',
  // datekit new-lander adds variants above this line.
] as const;

export const landersSchema = z.object({
  landers: z
    .array(z.enum(LANDER_VARIANTS))
    .default([...LANDER_VARIANTS])
    .meta({
      description: 'Lander variants this brand publishes under `/landers/`.',
      examples: [['tinderswipe', 'gallery']],
    }),
});
