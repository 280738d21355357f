import { describe, expect, it } from 'vitest';
import { INTERESTS_MAX } from '../data/profile-choices.ts';
import {
  addressedMemberId,
  canAddPhoto,
  completeSignupSteps,
  isSkippable,
  nextStep,
  PHOTO_MAX_BYTES,
  photoFileProblem,
  previousStep,
  profileUpdateFromSteps,
  stepProgress,
  toggleInterest,
} from './signup-steps.ts';

describe('signup step order', () => {
  it('goes message, photo, about, personal, location, then confirm', () => {
    const seen = ['message' as const];
    let step = nextStep('message');
    while (step !== 'confirm') {
      seen.push(step as never);
      step = nextStep(step);
    }
    expect(seen).toEqual(['message', 'photo', 'about', 'personal', 'location']);
    expect(nextStep('confirm')).toBe('confirm');
  });

  it('lets every step but the account form and the last one be skipped', () => {
    expect(
      ['message', 'photo', 'about', 'personal', 'location', 'confirm'].filter((s) => isSkippable(s as never)),
    ).toEqual(['message', 'photo', 'about', 'location']);
  });

  it('goes back up to the account form, never behind an account that exists', () => {
    expect(previousStep('message')).toBeNull();
    expect(previousStep('photo')).toBe('message');
    expect(previousStep('personal')).toBe('about');
    expect(previousStep('location')).toBeNull();
    expect(previousStep('confirm')).toBeNull();
  });

  it('numbers the steps 1 to 5 for the progress indicator', () => {
    expect(stepProgress('message')).toEqual({ number: 1, total: 5 });
    expect(stepProgress('location')).toEqual({ number: 5, total: 5 });
    expect(stepProgress('confirm')).toEqual({ number: 5, total: 5 });
  });
});

describe('completeSignupSteps', () => {
  it('keeps only what is missing, in signup order', () => {
    expect(completeSignupSteps(['location', 'photo'])).toEqual(['photo', 'location']);
    expect(completeSignupSteps([])).toEqual([]);
  });
});

describe('profileUpdateFromSteps', () => {
  it('sends only what the member gave', () => {
    expect(
      profileUpdateFromSteps({
        about: '  Long walks  ',
        interests: [3, 1, 3],
        choices: { sexuality: 'hetero', body_type: '' },
      }),
    ).toEqual({ about: 'Long walks', interests: [3, 1], sexuality: 'hetero' });
  });

  it('is null for skipped steps', () => {
    expect(profileUpdateFromSteps({ about: '   ', interests: [], choices: {} })).toBeNull();
    expect(profileUpdateFromSteps({})).toBeNull();
  });
});

describe('toggleInterest', () => {
  it('adds and removes', () => {
    expect(toggleInterest([1, 2], 3)).toEqual([1, 2, 3]);
    expect(toggleInterest([1, 2, 3], 2)).toEqual([1, 3]);
  });

  it(`stops at ${INTERESTS_MAX}`, () => {
    const full = Array.from({ length: INTERESTS_MAX }, (_, i) => i + 1);
    expect(toggleInterest(full, 99)).toEqual(full);
    expect(toggleInterest(full, 1)).toHaveLength(INTERESTS_MAX - 1);
  });
});

describe('addressedMemberId', () => {
  it('reads the member of the member signup and landing pages', () => {
    expect(addressedMemberId('/members/42/signup')).toBe(42);
    expect(addressedMemberId('/members/42/landing')).toBe(42);
    expect(addressedMemberId('/members/7/landing2/milf')).toBe(7);
    expect(addressedMemberId('/members/7/landing3')).toBe(7);
  });

  it('is null elsewhere and for ids that are not ids', () => {
    expect(addressedMemberId('/signup')).toBeNull();
    expect(addressedMemberId('/members/42')).toBeNull();
    expect(addressedMemberId('/members/_id/signup')).toBeNull();
    expect(addressedMemberId('/members/0/signup')).toBeNull();
  });
});

describe('photo uploads', () => {
  it('takes the image types the server decodes, up to 10 MB', () => {
    expect(photoFileProblem({ type: 'image/jpeg', size: 1000 })).toBeNull();
    expect(photoFileProblem({ type: 'image/heic', size: PHOTO_MAX_BYTES })).toBeNull();
    expect(photoFileProblem({ type: 'image/gif', size: 1000 })).toBe('type');
    expect(photoFileProblem({ type: '', size: 1000 })).toBe('type');
    expect(photoFileProblem({ type: 'image/png', size: PHOTO_MAX_BYTES + 1 })).toBe('size');
  });

  it('adds photos up to the limit', () => {
    expect(canAddPhoto(2, 3)).toBe(true);
    expect(canAddPhoto(3, 3)).toBe(false);
    expect(canAddPhoto(3, 25)).toBe(true);
  });
});
