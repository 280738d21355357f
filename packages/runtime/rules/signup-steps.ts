import type { ProfileUpdate } from '../schemas/api/profile.ts';
import { routeByName } from '../routes.ts';
import { ABOUT_MAX_LENGTH, INTERESTS_MAX } from '../data/profile-choices.ts';
import { COMPLETENESS_STEPS, type MissingStep } from './profile-completeness.ts';
import { routeParams } from './route-params.ts';

/**
 * The signup steps of spec §4: 0 message, 1 photo, 2 about me, 3 personal info (creates the account),
 * 4 location, then the final step asking the member to confirm their e-mail address.
 */
export const SIGNUP_STEPS = ['message', 'photo', 'about', 'personal', 'location'] as const;
export type NumberedSignupStep = (typeof SIGNUP_STEPS)[number];
export type SignupStep = NumberedSignupStep | 'confirm';

/** Every step but the one that creates the account may be skipped. */
export function isSkippable(step: SignupStep): boolean {
  return step !== 'personal' && step !== 'confirm';
}

/** The step after `step`; the last numbered step leads to "confirm your e-mail". */
export function nextStep(step: SignupStep): SignupStep {
  if (step === 'confirm') return 'confirm';
  const index = SIGNUP_STEPS.indexOf(step);
  return SIGNUP_STEPS[index + 1] ?? 'confirm';
}

/**
 * The step "back" returns to, or null where there is no way back: before the first step, and once the
 * account exists (going back to the form would create a second account).
 */
export function previousStep(step: SignupStep): NumberedSignupStep | null {
  if (step === 'confirm' || step === 'location') return null;
  const index = SIGNUP_STEPS.indexOf(step);
  return index > 0 ? SIGNUP_STEPS[index - 1]! : null;
}

/** Position for the progress indicator: `number` is 1-based, the confirm step counts as done with all. */
export function stepProgress(step: SignupStep): { number: number; total: number } {
  const total = SIGNUP_STEPS.length;
  return { number: step === 'confirm' ? total : SIGNUP_STEPS.indexOf(step) + 1, total };
}

/** The steps /complete-signup walks through: what the profile still misses, in the signup's order. */
export function completeSignupSteps(missing: readonly MissingStep[]): MissingStep[] {
  return COMPLETENESS_STEPS.filter((step) => missing.includes(step));
}

/** The personal choices that complete the "personal info" step (the server's `personal` check). */
export const PERSONAL_CHOICE_FIELDS = ['sexuality', 'relationship_status', 'body_type'] as const;
export type PersonalChoiceField = (typeof PERSONAL_CHOICE_FIELDS)[number];

export interface ProfileStepValues {
  about?: string;
  interests?: readonly number[];
  choices?: Partial<Record<PersonalChoiceField, string>>;
}

/**
 * The PUT /api/profile.php body for what the signup steps collected: only what the member gave, so a
 * skipped step changes nothing; null when there is nothing to save.
 */
export function profileUpdateFromSteps(values: ProfileStepValues): ProfileUpdate | null {
  const update: Record<string, unknown> = {};
  const about = values.about?.trim().slice(0, ABOUT_MAX_LENGTH);
  if (about) update.about = about;
  if (values.interests?.length) update.interests = [...new Set(values.interests)].slice(0, INTERESTS_MAX);
  for (const field of PERSONAL_CHOICE_FIELDS) {
    const value = values.choices?.[field];
    if (value) update[field] = value;
  }
  return Object.keys(update).length ? (update as ProfileUpdate) : null;
}

/** Adds or removes one interest, never beyond the most a profile lists. */
export function toggleInterest(selected: readonly number[], id: number): number[] {
  if (selected.includes(id)) return selected.filter((other) => other !== id);
  return selected.length >= INTERESTS_MAX ? [...selected] : [...selected, id];
}

/** Routes whose page is about one member: a signup there addresses its first message to them. */
const MEMBER_SIGNUP_ROUTES = [
  'members-id-signup',
  'members-id-landing',
  'members-id-landing2-slug',
  'members-id-landing3-slug',
] as const;

/** The member a signup on this page writes to (`/members/{id}/signup` and the member landers), or null. */
export function addressedMemberId(pathname: string): number | null {
  for (const name of MEMBER_SIGNUP_ROUTES) {
    const route = routeByName(name);
    const params = route ? routeParams(route.path, pathname) : null;
    const id = Number(params?.id);
    if (params && Number.isSafeInteger(id) && id > 0) return id;
  }
  return null;
}

/**
 * Uploads the server takes (README: JPEG, PNG, WebP, AVIF, HEIC; 10 MB). Checked before the upload so
 * that a member learns at once, not after the account was created; the server checks again.
 */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/heic', 'image/heif'] as const;
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;

export type PhotoFileProblem = 'type' | 'size';

export function photoFileProblem(file: { type: string; size: number }): PhotoFileProblem | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > PHOTO_MAX_BYTES) return 'size';
  return null;
}

/** Whether another photo fits within the member's limit (spec §5: 3 free, 25 premium). */
export function canAddPhoto(count: number, limit: number): boolean {
  return count < limit;
}
