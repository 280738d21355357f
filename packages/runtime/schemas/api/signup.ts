import { z } from 'zod';

/** Tracking parameters that arrive with a visitor from a traffic source (spec §3 Signup form). */
export const TRACKING_PARAMS = ['network', 'ref', 'sub1', 'sub2', 'sub3'] as const;
export const trackingSchema = z.partialRecord(z.enum(TRACKING_PARAMS), z.string().max(100));
export type Tracking = z.infer<typeof trackingSchema>;

/**
 * POST /api/signup.php. Shape only: the rules (name vs e-mail, age, e-mail typos) live in `rules/signup.ts`
 * so the form and the server apply the same ones.
 */
export const signupRequestSchema = z.object({
  email: z.string().trim().max(254),
  name: z.string().trim().max(100),
  password: z.string().max(200),
  date_of_birth: z.string().max(10),
  gender: z.enum(['male', 'female']).optional(),
  signup_message: z.string().trim().max(1000).optional(),
  /** Set when signing up from a member's page (/members/{id}/signup): the signup message is for them. */
  target_profile_id: z.number().int().positive().optional(),
  /** The visitor confirms being of age and accepting the terms and privacy policy; required. */
  accept_terms: z.boolean(),
  /** Set after the visitor saw the did-you-mean hint and chose to keep their address. */
  keep_email: z.boolean().optional(),
  tracking: trackingSchema.optional(),
  /** Milliseconds from the form shown to this request, as the browser measured them (traffic quality). */
  form_ms: z
    .number()
    .int()
    .min(0)
    .max(7 * 86_400_000)
    .optional(),
});

export type SignupRequest = z.infer<typeof signupRequestSchema>;
