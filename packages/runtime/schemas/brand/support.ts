import { z } from 'zod';

/** How members reach customer service. */
export const supportSchema = z.object({
  support_phone: z
    .string()
    .regex(/^\+?[0-9 ()-]{6,20}$/, { error: 'must be a phone number such as "+31 20 123 45 67"' })
    .meta({
      description: 'Customer-service phone number shown on the site.',
      examples: ['+45 70 20 30 40'],
    }),
  support_email: z.email({ error: 'must be an e-mail address such as "support@example.com"' }).meta({
    description: 'Customer-service e-mail address; also the sender of the site e-mail.',
    examples: ['support@flirtnord.dk'],
  }),
});
