import { describe, expect, it } from 'vitest';
import {
  FINDER_AGE_RANGE_IDS,
  FINDER_AGE_RANGES,
  FINDER_STEPS,
  finderQuery,
  memberSearchHref,
  nextStep,
  previousStep,
  regionAvailable,
  stepAnswered,
} from './match-finder.ts';

const utrecht = { country: 'NL', region: 'NL-UT' };
const noRegion = { country: 'NL', region: null };

describe('the questions', () => {
  it('asks for gender, age, distance and reason, in that order, then shows results', () => {
    expect(FINDER_STEPS).toEqual(['gender', 'age', 'distance', 'reason']);
    expect(nextStep('gender')).toBe('age');
    expect(nextStep('reason')).toBe('results');
    expect(previousStep('age')).toBe('gender');
    expect(previousStep('gender')).toBeNull();
    expect(previousStep('results')).toBe('reason');
  });

  it('needs an answer to every filtering question, not to the reason', () => {
    expect(stepAnswered('gender', {})).toBe(false);
    expect(stepAnswered('gender', { gender: 'any' })).toBe(true);
    expect(stepAnswered('distance', { gender: 'any' })).toBe(false);
    expect(stepAnswered('reason', {})).toBe(true);
  });

  it('offers age ranges within 18 to 99 that follow each other', () => {
    const ranges = FINDER_AGE_RANGE_IDS.filter((id) => id !== 'any').map((id) => FINDER_AGE_RANGES[id]);
    expect(ranges[0]!.min).toBe(18);
    expect(ranges.at(-1)!.max).toBe(99);
    for (let i = 1; i < ranges.length; i++) expect(ranges[i]!.min).toBe(ranges[i - 1]!.max + 1);
    expect(FINDER_AGE_RANGES.any).toEqual({ min: 18, max: 99 });
  });
});

describe('regionAvailable', () => {
  it('needs a region of the profile country', () => {
    expect(regionAvailable(utrecht)).toBe(true);
    expect(regionAvailable(noRegion)).toBe(false);
    expect(regionAvailable({ country: 'BE', region: 'NL-UT' })).toBe(false);
  });
});

describe('finderQuery', () => {
  it('waits for gender, age and distance', () => {
    expect(finderQuery({ gender: 'female', age: '30-39' }, utrecht)).toBeNull();
  });

  it('searches the member region', () => {
    expect(finderQuery({ gender: 'female', age: '30-39', distance: 'region', reason: 'dating' }, utrecht)).toEqual({
      gender: 'female',
      min_age: 30,
      max_age: 39,
      country: 'NL',
      countryregion: 'NL-UT',
    });
  });

  it('searches the whole country, also when "my region" has no region to go by', () => {
    const country = { gender: 'any', min_age: 60, max_age: 99, country: 'NL' };
    expect(finderQuery({ gender: 'any', age: '60+', distance: 'country' }, utrecht)).toEqual(country);
    expect(finderQuery({ gender: 'any', age: '60+', distance: 'region' }, noRegion)).toEqual(country);
  });
});

describe('memberSearchHref', () => {
  it('opens the member search with the same filters', () => {
    expect(memberSearchHref({ gender: 'male', min_age: 18, max_age: 29, country: 'BE', countryregion: 'BE-VAN' })).toBe(
      '/members?gender=male&min_age=18&max_age=29&country=BE&countryregion=BE-VAN',
    );
  });
});
