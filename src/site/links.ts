import { pathFor } from '@datekit/runtime/routes';
import type { LikesTab } from '@datekit/runtime/rules/likes-tabs';

/**
 * Where the navigation, footer and pages link to, by the spec's route names (§2), so that a path is
 * spelled only in `packages/runtime/routes.ts`.
 */
export const LINKS = {
  home: pathFor('index'),
  login: pathFor('login'),
  signup: pathFor('signup'),
  members: pathFor('members'),
  chats: pathFor('chats'),
  likes: pathFor('likes'),
  credits: pathFor('credits'),
  creditsRepeatOrder: pathFor('credits-repeat-order'),
  directDebit: pathFor('directdebit'),
  premium: pathFor('premium'),
  pricing: pathFor('pricing'),
  profile: pathFor('profile'),
  /** Spec §2: the notifications route is the one labelled "settings" in the navigation. */
  settings: pathFor('notifications'),
  notifications: pathFor('notifications'),
  /** Account settings (e-mail, language, deletion): reached from the notification settings. */
  accountSettings: pathFor('settings'),
  accountDeleted: pathFor('account-deleted'),
  completeSignup: pathFor('complete-signup'),
  languages: pathFor('lang-config'),
  transactions: pathFor('transactions-id'),
  swipeGame: pathFor('swipe-game'),
  matchFinder: pathFor('match-finder'),
  complaints: pathFor('complaints'),
  resetPassword: pathFor('reset-password'),
  terms: pathFor('pages-terms'),
  privacy: pathFor('pages-privacy'),
  cookies: pathFor('pages-cookies'),
  ban: pathFor('pages-ban'),
  returnPolicy: pathFor('pages-return-policy'),
  faq: pathFor('pages-faq'),
  service: pathFor('pages-service'),
} as const;

/** A tab of the likes screen: `/likes/received`, `/likes/sent`, `/likes/matches`. */
export function likesTabLink(tab: LikesTab): string {
  return pathFor('likes-type', { type: tab });
}

/** The payment page of one credit bundle. */
export function bundlePaymentLink(bundleId: string): string {
  return pathFor('credits-id-paymentmethod', { id: bundleId });
}

/** Where a member lands after logging in when no page asked for it: the member search. */
export const AFTER_LOGIN_PATH = LINKS.members;
