import type { Tracking } from '../schemas/api/signup.ts';
import { SIGNUP_CTA_ATTRIBUTE } from './lander-links.ts';

/**
 * The hand-over between a lander's first click and the signup modal (spec §2 landers: no JavaScript
 * before interaction but the call-to-action island). The `client:interaction` directive stores the
 * visitor's intent on the first activation of a call to action, stops the navigation and hydrates the
 * signup modal; the modal takes the intent when it mounts and opens at once
 * (`openFromPendingIntent` in `stores/signup-modal.ts`).
 */
export interface SignupIntent {
  /** Where the call to action pointed (`/signup?network=…`, `/members/7/signup`). */
  href: string;
  /** The tracking parameters of the page's URL. */
  tracking: Tracking;
}

declare global {
  interface Window {
    __datekitSignupIntent?: SignupIntent | undefined;
  }
}

export const SIGNUP_CTA_SELECTOR = `[${SIGNUP_CTA_ATTRIBUTE}]`;

/** What of a click tells whether the page may take it over. */
export interface ActivationLike {
  button: number;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
}

/**
 * A plain primary click (or Enter, which browsers turn into one): the page may open the modal instead
 * of following the link. Clicks that open a new tab or window, or that something else already
 * handled, keep the browser's behaviour.
 */
export function isPlainActivation(event: ActivationLike): boolean {
  return (
    event.button === 0 &&
    !event.ctrlKey &&
    !event.metaKey &&
    !event.shiftKey &&
    !event.altKey &&
    !event.defaultPrevented
  );
}
