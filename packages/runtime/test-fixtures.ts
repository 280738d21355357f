import type { Profile, User } from './schemas/api/user.ts';

/** A checked, real (not fictional) member without photos, as the API describes one; tests override what they need. */
export function testProfile(id: number, overrides: Partial<Profile> = {}): Profile {
  return {
    id,
    name: `P${id}`,
    age: 30,
    country: 'NL',
    city: null,
    status: 'active',
    fictional: false,
    main_image: null,
    ...overrides,
  };
}

/** The logged-in member: a free member with the given credits. */
export function testMember(profile: Profile, credits = 20): User {
  return { profile, paid_user: false, credits } as User;
}
