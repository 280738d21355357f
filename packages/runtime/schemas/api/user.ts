import { z } from 'zod';
import { LOCALES } from '../../data/locales.ts';
import { COMPLETENESS_STEPS } from '../../rules/profile-completeness.ts';

export const imageSchema = z.object({
  filename: z.string(),
  thumb_filename: z.string(),
  /** `inspection` (waiting for the photo check) reaches only the photo's owner; others get no image until `active`. */
  status: z.enum(['active', 'inspection']),
  /** Square crop used by the match modal. */
  match: z.string(),
});

/** A member as other members see them (spec §3 Profile). */
export const profileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  age: z.number().int(),
  country: z.string(),
  city: z.string().nullable(),
  status: z.enum(['active', 'disabled']),
  fictional: z.boolean(),
  main_image: imageSchema.nullable(),
});

/** The logged-in member (spec §3 User). */
export const userSchema = z.object({
  profile: profileSchema,
  email: z.string(),
  paid_user: z.boolean(),
  credits: z.number().int(),
  language: z.enum(LOCALES),
  status: z.enum(['not_confirmed', 'active']),
  notifications_disabled: z.array(z.enum(['fbl', 'bounce', 'listunsubscribe'])),
  signup_date: z.string(),
  /** What the profile still lacks to be complete (the enrich-profile alert's reason), in signup order. */
  profile_missing: z.array(z.enum(COMPLETENESS_STEPS)),
  /** Whether the member has liked someone or started a conversation (the push alert waits for it). */
  reached_out: z.boolean(),
});

export const userResponseSchema = z.object({ user: userSchema.nullable() });

/** The answer of a call that logs the member in (reactivation, password reset): always a member. */
export const loggedInResponseSchema = z.object({ user: userSchema });

export const loginRequestSchema = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(200),
});

export const languageRequestSchema = z.object({ language: z.string().min(2).max(10) });

/** PUT /api/user.php: the language now in use, and the member (null for a visitor). */
export const languageResponseSchema = userResponseSchema.extend({ language: z.string() });

export type Image = z.infer<typeof imageSchema>;
export type Profile = z.infer<typeof profileSchema>;
export type User = z.infer<typeof userSchema>;
export type LoginRequest = z.infer<typeof loginRequestSchema>;
