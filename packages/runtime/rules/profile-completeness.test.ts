import { describe, expect, it } from 'vitest';
import { missingSteps, type ProfileFacts } from './profile-completeness.ts';

const complete: ProfileFacts = {
  hasPhoto: true,
  about: 'Walks by the sea',
  interests: [],
  sexuality: 'hetero',
  relationship_status: 'single',
  body_type: 'average',
  city: 'Utrecht',
};

describe('missingSteps', () => {
  it('is empty for a complete profile', () => expect(missingSteps(complete)).toEqual([]));
  it('lists every missing step in signup order', () =>
    expect(
      missingSteps({
        hasPhoto: false,
        about: ' ',
        interests: [],
        sexuality: null,
        relationship_status: null,
        body_type: null,
        city: null,
      }),
    ).toEqual(['photo', 'about', 'personal', 'location']));
  it('counts interests as about me', () =>
    expect(missingSteps({ ...complete, about: null, interests: [3] })).toEqual([]));
  it('needs all three personal choices', () =>
    expect(missingSteps({ ...complete, body_type: null })).toEqual(['personal']));
});
