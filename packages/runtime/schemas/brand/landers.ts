import { z } from 'zod';
import { LANDER_VARIANTS } from '../../data/landers.ts';

export { LANDER_VARIANTS };

export const landersSchema = z.object({
  landers: z
    .array(z.enum(LANDER_VARIANTS))
    .default([...LANDER_VARIANTS])
    .meta({
      description: 'Lander variants this brand publishes under `/landers/`.',
      examples: [['tinderswipe', 'gallery']],
    }),
});
