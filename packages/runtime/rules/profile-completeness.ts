/** The optional signup steps (spec §4: photo, about me, personal info, location) a profile still lacks. */
export type MissingStep = 'photo' | 'about' | 'personal' | 'location';

export interface ProfileFacts {
  hasPhoto: boolean;
  about: string | null;
  interests: readonly number[];
  sexuality: string | null;
  relationship_status: string | null;
  body_type: string | null;
  city: string | null;
}

/** What /complete-signup still asks for, in the order of the signup steps. */
export function missingSteps(profile: ProfileFacts): MissingStep[] {
  const missing: MissingStep[] = [];
  if (!profile.hasPhoto) missing.push('photo');
  if (!profile.about?.trim() && profile.interests.length === 0) missing.push('about');
  if (!profile.sexuality || !profile.relationship_status || !profile.body_type) missing.push('personal');
  if (!profile.city) missing.push('location');
  return missing;
}
