/**
 * The fixed profile choices (spec §3 Profile). Stored and sent as these values; the site names
 * them through `choice.<field>.<value>` keys in the locale files.
 */
export const PROFILE_CHOICES = {
  gender: ['female', 'male'],
  sexuality: ['hetero', 'gay', 'lesbian', 'bi'],
  relationship_status: ['single', 'separated', 'divorced', 'widowed', 'relationship', 'married'],
  hair_colour: ['black', 'brown', 'blonde', 'red', 'grey', 'bald', 'other'],
  eye_colour: ['brown', 'blue', 'green', 'grey', 'hazel'],
  body_type: ['slim', 'athletic', 'average', 'curvy', 'full_figured', 'muscular'],
  tattoos: ['none', 'some', 'many'],
  signup_reason: ['friendship', 'flirting', 'dating', 'relationship', 'adventure'],
} as const;

export type ChoiceField = keyof typeof PROFILE_CHOICES;
export const CHOICE_FIELDS = Object.keys(PROFILE_CHOICES) as ChoiceField[];

/** Longest "about me" text. */
export const ABOUT_MAX_LENGTH = 2000;
/** Most interests a profile lists. */
export const INTERESTS_MAX = 20;
