/**
 * Every number the spec states as a rule, named once (spec §4, §9). Code and tests import these;
 * nothing else spells the values.
 */
export const MIN_AGE = 18;
export const MAX_AGE = 99;
export const BADGE_MAX = 99;
export const CREDIT_BADGE_THRESHOLD = 10;
export const FREE_PHOTO_LIMIT = 3;
export const PREMIUM_PHOTO_LIMIT = 25;
export const FREE_CONVERSATION_LIMIT = 2;
export const SWIPE_LIKES_PER_DAY = 4;
export const DELETION_GRACE_DAYS = 14;
export const TIME_BONUS_SECONDS = 14_400;
export const TIME_BONUS_PERCENT = 25;
export const TIME_BONUS_CODE = 'TIMEBONUS25';
export const TIME_BONUS_MODAL_DELAY_MS = 40_000;
export const REFRESH_FIRST_MS = 5_000;
export const REFRESH_MS = 60_000;
export const REFRESH_PUSH_MS = 300_000;
export const MATCH_MODAL_LIKES_RELOAD_MS = 500;
export const FETCH_DELAY_MS = 200;
export const REQUEST_RETRIES = 5;
export const LOADING_BAR_THROTTLE_MS = 200;
export const LOADING_BAR_DURATION_MS = 5_000;
export const AUTH_COOKIE_DAYS = 30;
export const LANGUAGE_COOKIE_DAYS = 365;
export const GEOLOCATION_CACHE_MS = 3_600_000;
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;
export const TERMS_VERSION_DATE = '2023-12-01T12:00:00Z';
export const NAME_MIN_LENGTH = 3;
export const NAME_MAX_LENGTH = 24;
export const PASSWORD_MIN_LENGTH = 8;
/** First retry waits this long; each further retry doubles it, up to RETRY_MAX_DELAY_MS (spec §7 "exponential delay"). */
export const RETRY_BASE_DELAY_MS = 300;
export const RETRY_MAX_DELAY_MS = 8_000;
/** Name of the cookie that keeps the chosen language (spec §9); the server reads the same name. */
export const LANGUAGE_COOKIE_NAME = 'lang';
/**
 * The session cookie the server sets on a lander page: which lander the visitor came through, for the
 * signup's attribution (issue 27). Read by the server only; the cookie policy names it.
 */
export const LANDER_COOKIE_NAME = 'dk_lander';
/** The cookie that keeps a visitor on one arm of a lander experiment: `dk_arm_<experiment id>`. */
export const ARM_COOKIE_PREFIX = 'dk_arm_';
export const ARM_COOKIE_DAYS = 90;
/** Spec §1: the premium claim shown to users, "a 46% higher chance of a match". */
export const PREMIUM_MATCH_CHANCE_PERCENT = 46;
/** Spec §1: the welcome discount that applies for a limited time. */
export const WELCOME_DISCOUNT_PERCENT = 25;
/** Where the time of the last reload after a failed chunk load is kept (sessionStorage). */
export const CHUNK_RELOAD_STORAGE_KEY = 'datekit-chunk-reload';
/** Spec §9: toasts are this wide (CSS pixels). */
export const TOAST_WIDTH_PX = 350;
/** Spec §9: the layout breakpoints (min-width, CSS pixels), Bootstrap's sm, md, lg and xl. */
export const BREAKPOINTS_PX = { sm: 576, md: 768, lg: 992, xl: 1200 } as const;
/**
 * The largest number of credits one ledger row may move either way (a grant, a bundle, a price):
 * amounts are whole numbers within it, so a typo such as `1e300` can never make a balance a float.
 */
export const MAX_CREDITS_PER_BOOKING = 1_000_000;
