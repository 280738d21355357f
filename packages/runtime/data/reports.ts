/**
 * Reports and moderation decisions (EU Digital Services Act art. 16 notices, art. 17 statements of
 * reasons) as plain data, shared by the API, the islands and the operator console.
 */

/** Why a member or a visitor reports; labels are `reports:reason.<reason>`. */
export const REPORT_REASONS = [
  'fake_profile',
  'harassment',
  'spam_scam',
  'underage',
  'illegal_content',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** Where the reported content was seen. A complaint comes from the /complaints form. */
export const REPORT_CONTEXTS = ['profile', 'conversation', 'message', 'complaint'] as const;
export type ReportContext = (typeof REPORT_CONTEXTS)[number];

/** What a moderator may decide on a report; the statement of reasons names it (`mail:decision.<decision>`). */
export const REPORT_DECISIONS = ['no_action', 'warn', 'remove_photo', 'suspend', 'ban'] as const;
export type ReportDecision = (typeof REPORT_DECISIONS)[number];

/** The grounds a decision rests on (terms of use or law); `mail:ground.<ground>`. */
export const DECISION_GROUNDS = [
  'terms_fake_profile',
  'terms_harassment',
  'terms_spam',
  'terms_minors',
  'illegal_content',
  'terms_general',
] as const;
export type DecisionGround = (typeof DECISION_GROUNDS)[number];

export const REPORT_TEXT_MAX = 2000;
export const REPORT_SUBJECT_MAX = 300;
/** A suspension lasts this many days unless the moderator says otherwise. */
export const SUSPENSION_DEFAULT_DAYS = 7;
