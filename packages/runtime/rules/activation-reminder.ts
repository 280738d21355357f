import { BREAKPOINTS_PX } from './constants.ts';

/**
 * Routes where the activation reminder stays away (spec §4: signup, settings and notifications): the
 * signup steps end on their own "confirm your e-mail" step, and the settings screens show the state.
 * The member's signup page is a signup route as well.
 */
export const ACTIVATION_REMINDER_HIDDEN_ROUTES: readonly string[] = [
  'signup',
  'members-id-signup',
  'settings',
  'notifications',
];

/** The query flag that asks for the reminder as a modal on smartphones (spec §4). */
export const SIGNUP_COMPLETE_FLAG = 'api_signup_complete';

export interface ReminderMember {
  status: string;
  profile: { status: string };
}

/** Spec §4: a member whose e-mail is not confirmed and whose profile is disabled is reminded, except on those routes. */
export function showsActivationReminder(member: ReminderMember | null | undefined, route: string): boolean {
  if (!member) return false;
  if (member.status !== 'not_confirmed' || member.profile.status !== 'disabled') return false;
  return !ACTIVATION_REMINDER_HIDDEN_ROUTES.includes(route);
}

/**
 * A smartphone: a touch screen (coarse pointer) narrower than the medium breakpoint. A tablet or a
 * touch laptop has room for the alert; a narrow desktop window has a mouse.
 */
export function isSmartphone(device: { coarsePointer: boolean; viewportWidth: number }): boolean {
  return device.coarsePointer && device.viewportWidth < BREAKPOINTS_PX.md;
}

export type ActivationReminderMode = 'modal' | 'alert';

/** Spec §4: with the query flag `api_signup_complete` on a smartphone a modal, otherwise an alert. */
export function activationReminderMode(search: string, smartphone: boolean): ActivationReminderMode {
  return smartphone && new URLSearchParams(search).has(SIGNUP_COMPLETE_FLAG) ? 'modal' : 'alert';
}

/** The URL without the flag, so that a reload or a shared link does not open the modal again. */
export function withoutSignupCompleteFlag(href: string): string {
  const url = new URL(href);
  url.searchParams.delete(SIGNUP_COMPLETE_FLAG);
  return url.pathname + url.search + url.hash;
}
