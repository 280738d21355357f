import { z } from 'zod';

export const PROFILE_FIELDS = [
  'age',
  'gender',
  'sexuality',
  'relationship_status',
  'hair_colour',
  'eye_colour',
  'body_type',
  'tattoos',
  'signup_reason',
  'city',
  'region',
  'country',
  'about',
  'interests',
] as const;

export const SEARCH_FIELDS = ['gender', 'country', 'countryregion', 'min_age', 'max_age'] as const;

/** What a member profile shows and what search offers (spec §3). */
export const profilesSchema = z.object({
  visible_profile_fields: z
    .array(z.enum(PROFILE_FIELDS))
    .default(['age', 'city', 'about', 'interests'])
    .meta({
      description: 'Profile fields shown on a member page, in this order.',
      examples: [['age', 'city', 'relationship_status', 'about', 'interests']],
    }),
  visible_profile_notes: z
    .boolean()
    .default(true)
    .meta({
      description: 'Whether members can keep private notes on the profiles they visit.',
      examples: [true],
    }),
  search_fields: z
    .array(z.enum(SEARCH_FIELDS))
    .default(['gender', 'country', 'countryregion', 'min_age', 'max_age'])
    .meta({
      description: 'Filters offered on the member search.',
      examples: [['gender', 'min_age', 'max_age']],
    }),
});
