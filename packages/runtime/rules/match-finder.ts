import { PROFILE_CHOICES } from '../data/profile-choices.ts';
import { pathFor } from '../routes.ts';
import { MAX_AGE, MIN_AGE } from './constants.ts';

/**
 * The match finder (/match-finder): a few questions whose answers become the filters of an ordinary
 * member search (GET /api/members.php). It promises nothing cleverer than that, and says so.
 */
export const FINDER_STEPS = ['gender', 'age', 'distance', 'reason'] as const;
export type FinderStep = (typeof FINDER_STEPS)[number];

/** Whom the member looks for; `any` searches both (the search API's own value). */
export const FINDER_GENDERS = ['female', 'male', 'any'] as const;
export type FinderGender = (typeof FINDER_GENDERS)[number];

/** Age ranges offered as answers, youngest first; `any` is the whole allowed range. */
export const FINDER_AGE_RANGES = {
  '18-29': { min: MIN_AGE, max: 29 },
  '30-39': { min: 30, max: 39 },
  '40-49': { min: 40, max: 49 },
  '50-59': { min: 50, max: 59 },
  '60+': { min: 60, max: MAX_AGE },
  any: { min: MIN_AGE, max: MAX_AGE },
} as const;
export type FinderAgeRange = keyof typeof FINDER_AGE_RANGES;
export const FINDER_AGE_RANGE_IDS = Object.keys(FINDER_AGE_RANGES) as FinderAgeRange[];

/** How near: the member's own region, or anywhere in their country. */
export const FINDER_DISTANCES = ['region', 'country'] as const;
export type FinderDistance = (typeof FINDER_DISTANCES)[number];

/** What for: the profile's "reason for sign-up" choices (spec §3 Profile). */
export const FINDER_REASONS = PROFILE_CHOICES.signup_reason;
export type FinderReason = (typeof FINDER_REASONS)[number];

export interface FinderAnswers {
  gender?: FinderGender;
  age?: FinderAgeRange;
  distance?: FinderDistance;
  reason?: FinderReason;
}

/** Where the member lives, from their own profile (GET /api/profile.php). */
export interface OwnPlace {
  country: string;
  /** An ISO 3166-2 code such as `NL-UT`, or null when the member has not chosen one. */
  region: string | null;
}

/** "My region" can only narrow the search when the profile names a region of its own country. */
export function regionAvailable(place: OwnPlace): boolean {
  return place.region !== null && place.region.startsWith(`${place.country}-`);
}

/** Whether a step has its answer. The reason step may be left open: the search cannot filter by it. */
export function stepAnswered(step: FinderStep, answers: FinderAnswers): boolean {
  if (step === 'reason') return true;
  return answers[step] !== undefined;
}

/** The step after `step`, or `results` after the last one. */
export function nextStep(step: FinderStep): FinderStep | 'results' {
  return FINDER_STEPS[FINDER_STEPS.indexOf(step) + 1] ?? 'results';
}

/** The step before `step`, or null on the first one. */
export function previousStep(step: FinderStep | 'results'): FinderStep | null {
  if (step === 'results') return FINDER_STEPS.at(-1)!;
  return FINDER_STEPS[FINDER_STEPS.indexOf(step) - 1] ?? null;
}

/** The query of GET /api/members.php for complete answers: the search filters, nothing more. */
export interface FinderQuery {
  gender: FinderGender;
  min_age: number;
  max_age: number;
  country: string;
  countryregion?: string;
}

/**
 * The search that the answers describe, or null while a filtering question is unanswered. Asked for
 * "my region" without a region of their own, the member gets their country.
 */
export function finderQuery(answers: FinderAnswers, place: OwnPlace): FinderQuery | null {
  if (!answers.gender || !answers.age || !answers.distance) return null;
  const ages = FINDER_AGE_RANGES[answers.age];
  const query: FinderQuery = {
    gender: answers.gender,
    min_age: ages.min,
    max_age: ages.max,
    country: place.country,
  };
  if (answers.distance === 'region' && regionAvailable(place)) query.countryregion = place.region!;
  return query;
}

/** The same search in the member search page, whose filters live in its query string. */
export function memberSearchHref(query: FinderQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) params.set(key, String(value));
  return `${pathFor('members')}?${params.toString()}`;
}
