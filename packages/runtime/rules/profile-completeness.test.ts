import { describe, expect, it } from 'vitest';
import { missingSteps, type ProfileFacts } from './profile-completeness.ts';

const complete: ProfileFacts = { hasPhoto: true, about: 'Walks by the sea', hasInterests: false, city: 'Utrecht' };

describe('missingSteps', () => {
  it('is empty for a profile with a photo, words about the member and a city', () =>
    expect(missingSteps(complete)).toEqual([]));

  it('lists every missing part in signup order', () =>
    expect(missingSteps({ hasPhoto: false, about: ' ', hasInterests: false, city: null })).toEqual([
      'photo',
      'about',
      'location',
    ]));

  it('counts interests as words about the member', () =>
    expect(missingSteps({ ...complete, about: null, hasInterests: true })).toEqual([]));

  it('does not count a blank city as a location', () =>
    expect(missingSteps({ ...complete, city: '  ' })).toEqual(['location']));

  it('takes a photo still awaiting its check as a photo', () =>
    // The signup's photo step uploads one; the operator's check may take a while.
    expect(missingSteps({ hasPhoto: true, about: null, hasInterests: true, city: 'Gent' })).toEqual([]));
});
