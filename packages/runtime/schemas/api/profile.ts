import { z } from 'zod';
import { COUNTRY_CODES } from '../../data/countries.ts';
import { ABOUT_MAX_LENGTH, INTERESTS_MAX, PROFILE_CHOICES } from '../../data/profile-choices.ts';
import { COMPLETENESS_STEPS } from '../../rules/profile-completeness.ts';
import { imageSchema } from './user.ts';

const choice = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values).nullable();

/** PUT /api/profile.php: every field optional; null clears a choice. */
export const profileUpdateSchema = z
  .object({
    name: z.string().trim().max(100),
    gender: z.enum(PROFILE_CHOICES.gender),
    sexuality: choice(PROFILE_CHOICES.sexuality),
    relationship_status: choice(PROFILE_CHOICES.relationship_status),
    hair_colour: choice(PROFILE_CHOICES.hair_colour),
    eye_colour: choice(PROFILE_CHOICES.eye_colour),
    body_type: choice(PROFILE_CHOICES.body_type),
    tattoos: choice(PROFILE_CHOICES.tattoos),
    signup_reason: choice(PROFILE_CHOICES.signup_reason),
    about: z.string().trim().max(ABOUT_MAX_LENGTH).nullable(),
    interests: z.array(z.number().int().positive()).max(INTERESTS_MAX),
    country: z.enum(COUNTRY_CODES),
    region: z.string().max(10).nullable(),
    city: z.string().trim().max(80).nullable(),
    invisible: z.boolean(),
    /** Hide from others whether you are online or were active today (the chat's presence). */
    hide_presence: z.boolean(),
  })
  .partial()
  .strict();

/** The member's own profile, as GET and PUT /api/profile.php answer it. */
export const ownProfileSchema = z.object({
  id: z.number(),
  name: z.string(),
  gender: z.enum(PROFILE_CHOICES.gender).nullable(),
  birth_date: z.string(),
  age: z.number(),
  sexuality: z.string().nullable(),
  relationship_status: z.string().nullable(),
  hair_colour: z.string().nullable(),
  eye_colour: z.string().nullable(),
  body_type: z.string().nullable(),
  tattoos: z.string().nullable(),
  signup_reason: z.string().nullable(),
  about: z.string().nullable(),
  interests: z.array(z.number()),
  country: z.string(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  invisible: z.boolean(),
  hide_presence: z.boolean(),
  status: z.enum(['active', 'disabled']),
  main_image: imageSchema.nullable(),
  /** What the profile lacks to be complete (rules/profile-completeness.ts), for My profile and /complete-signup. */
  missing: z.array(z.enum(COMPLETENESS_STEPS)),
});

/** GET and PUT /api/profile.php. */
export const ownProfileResponseSchema = z.object({ profile: ownProfileSchema });

export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
export type OwnProfile = z.infer<typeof ownProfileSchema>;
