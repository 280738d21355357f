import { atom } from 'nanostores';
import type { Tracking } from '../schemas/api/signup.ts';
import { hasTracking, trackingFromSearch } from '../rules/tracking.ts';

export interface SignupModalState {
  open: boolean;
  /** A signup request is on its way: backdrop and Escape must not close the modal (spec §2). */
  pending: boolean;
  /** Tracking the call-to-action carried in its link; empty means "the page's own tracking". */
  tracking: Tracking;
}

/**
 * Why the modal closes. `dismiss` is the visitor's backdrop click, Escape or close button; `closed`
 * is the signup ending (the visitor leaves the last step, or signups are closed here); `login` is the
 * signup sending the visitor to log in instead.
 */
export type SignupModalCloseReason = 'dismiss' | 'closed' | 'login';

const CLOSED: SignupModalState = { open: false, pending: false, tracking: {} };

/** The signup modal of the default, empty and lander layouts (spec §2 Modals). */
export const $signupModal = atom<SignupModalState>(CLOSED);

export function openSignupModal(options: { tracking?: Tracking } = {}): void {
  $signupModal.set({ open: true, pending: false, tracking: options.tracking ?? {} });
}

/** Spec §2: while a signup is in progress the visitor cannot dismiss the modal. */
export function canDismissSignupModal(state: SignupModalState): boolean {
  return !state.pending;
}

/** Closes the modal; a dismissal during a pending signup is refused. Answers whether it closed. */
export function closeSignupModal(reason: SignupModalCloseReason = 'dismiss'): boolean {
  const state = $signupModal.get();
  if (!state.open) return true;
  if (reason === 'dismiss' && !canDismissSignupModal(state)) return false;
  $signupModal.set(CLOSED);
  return true;
}

/** The form reports when its signup request starts and ends. */
export function setSignupPending(pending: boolean): void {
  const state = $signupModal.get();
  if (state.open && state.pending !== pending) $signupModal.set({ ...state, pending });
}

/**
 * What a click on a `[data-signup-cta]` element leaves behind when it hydrates the modal's island on a
 * lander (the `client:interaction` directive): the link's address and its tracking parameters.
 */
export interface SignupIntent {
  href?: string;
  tracking?: Tracking | string;
}

/** Where the intent waits: a property of `window`, so that the directive and the island need not share a module. */
export interface SignupIntentScope {
  __datekitSignupIntent?: unknown;
}

/**
 * The tracking parameters a call-to-action carries: the intent's own, else those in its link's query.
 * Only the five known keys survive, whatever the page put there.
 */
export function intentTracking(intent: SignupIntent, base = 'http://localhost/'): Tracking {
  const given = intent.tracking;
  if (typeof given === 'string') {
    const tracking = trackingFromSearch(given);
    if (hasTracking(tracking)) return tracking;
  } else if (given && typeof given === 'object') {
    const tracking = trackingFromSearch(new URLSearchParams(given as Record<string, string>));
    if (hasTracking(tracking)) return tracking;
  }
  if (!intent.href) return {};
  try {
    return trackingFromSearch(new URL(intent.href, base).search);
  } catch {
    return {};
  }
}

/**
 * Opens the modal for a call-to-action clicked before the island was loaded, once: the intent is
 * removed, so that a later mount (another island, a re-render) does not open it again.
 */
export function openFromPendingIntent(scope: SignupIntentScope, base?: string): boolean {
  const intent = scope.__datekitSignupIntent;
  if (!intent || typeof intent !== 'object') return false;
  delete scope.__datekitSignupIntent;
  openSignupModal({ tracking: intentTracking(intent as SignupIntent, base) });
  return true;
}
