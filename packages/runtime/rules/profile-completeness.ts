/**
 * What a complete profile has, the one rule both My profile ("not complete yet") and /complete-signup
 * (the steps it walks) follow: a photo, a few words about the member (text or interests) and where they
 * live — what the signup's photo, about-me and location steps ask for. The personal choices of the
 * account step (sexuality, relationship status, body type) are optional there and stay optional: a
 * profile without them is complete, and My profile keeps them editable.
 */
export const COMPLETENESS_STEPS = ['photo', 'about', 'location'] as const;
export type MissingStep = (typeof COMPLETENESS_STEPS)[number];

export interface ProfileFacts {
  /** Any photo of the member's, also one still awaiting its check. */
  hasPhoto: boolean;
  about: string | null;
  /** At least one interest chosen. */
  hasInterests: boolean;
  city: string | null;
}

/** What the profile still lacks to be complete, in the order of the signup steps; empty when complete. */
export function missingSteps(profile: ProfileFacts): MissingStep[] {
  const has: Record<MissingStep, boolean> = {
    photo: profile.hasPhoto,
    about: Boolean(profile.about?.trim()) || profile.hasInterests,
    location: Boolean(profile.city?.trim()),
  };
  return COMPLETENESS_STEPS.filter((step) => !has[step]);
}
