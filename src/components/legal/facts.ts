import type { Locale } from '@datekit/runtime/data/locales';
import {
  ARM_COOKIE_DAYS,
  ARM_COOKIE_PREFIX,
  AUTH_COOKIE_DAYS,
  CHUNK_RELOAD_STORAGE_KEY,
  DELETION_GRACE_DAYS,
  FREE_CONVERSATION_LIMIT,
  FREE_PHOTO_LIMIT,
  LANGUAGE_COOKIE_DAYS,
  LANGUAGE_COOKIE_NAME,
  LANDER_COOKIE_NAME,
  MIN_AGE,
  PREMIUM_PHOTO_LIMIT,
} from '@datekit/runtime/rules/constants';
import {
  countryName,
  formatLegalDate,
  joinAlternatives,
  joinList,
  telHref,
  termsVersionDate,
} from '@datekit/runtime/rules/legal';
import { ENTRY_WARNING_STORAGE_KEY } from '@datekit/runtime/rules/entry-warning';
import { METHOD_BRAND_NAMES } from '@datekit/runtime/rules/payments';
import type { Brand } from '@datekit/runtime/schemas/brand';
import { pathFor } from '@datekit/runtime/routes';
import { LINKS } from '../../site/links.ts';

/** The session-storage key of `packages/runtime/stores/tracking.ts`, which keeps it private. */
const TRACKING_STORAGE_KEY = 'datekit:tracking';

type Translate = (key: string) => string;

/**
 * Everything a legal text may interpolate (`{{company}}`, `{{refund_days}}`, …): the brand's own facts
 * and the spec's limits, written for the page's language. One place, so that every page says the same.
 */
export function legalFacts(brand: Brand, lang: Locale, t: Translate): Record<string, string | number> {
  const { company } = brand;
  const methods = brand.payment_methods.map((id) => METHOD_BRAND_NAMES[id] ?? t(`page.legal.method.${id}`));
  return {
    site: brand.name,
    domain: brand.domain,
    company: company.name,
    address: company.address,
    city: company.city,
    country: countryName(company.country, lang),
    registry: company.kvk,
    tradenames: joinList(company.tradenames.length > 0 ? company.tradenames : [brand.name], lang),
    vat_numbers: joinList(company.vat_numbers, lang),
    support_phone: brand.support_phone,
    support_email: brand.support_email,
    terms_date: formatLegalDate(termsVersionDate(company.added), lang),
    refund_days: brand.refund_days,
    min_age: MIN_AGE,
    free_photos: FREE_PHOTO_LIMIT,
    premium_photos: PREMIUM_PHOTO_LIMIT,
    free_conversations: FREE_CONVERSATION_LIMIT,
    deletion_days: DELETION_GRACE_DAYS,
    session_days: AUTH_COOKIE_DAYS,
    lang_days: LANGUAGE_COOKIE_DAYS,
    lang_cookie: LANGUAGE_COOKIE_NAME,
    lander_cookie: LANDER_COOKIE_NAME,
    arm_cookie: `${ARM_COOKIE_PREFIX}…`,
    arm_days: ARM_COOKIE_DAYS,
    entry_key: ENTRY_WARNING_STORAGE_KEY,
    tracking_key: TRACKING_STORAGE_KEY,
    reload_key: CHUNK_RELOAD_STORAGE_KEY,
    fictional_icon: brand.fictional_icon,
    message_credits: brand.message_credits,
    photo_credits: brand.photo_credits,
    gift_credits: brand.gift_credits,
    signup_credits: brand.signup_credits,
    payment_methods: joinAlternatives(methods, lang),
  };
}

/** Where the named tags of a legal text link to (`<privacy>…</privacy>`, `<phone>…</phone>`). */
export function legalLinks(brand: Brand): Record<string, string> {
  return {
    terms: LINKS.terms,
    privacy: LINKS.privacy,
    cookies: LINKS.cookies,
    ban: LINKS.ban,
    faq: LINKS.faq,
    returns: LINKS.returnPolicy,
    service: LINKS.service,
    complaints: LINKS.complaints,
    pricing: LINKS.pricing,
    credits: LINKS.credits,
    signup: LINKS.signup,
    login: LINKS.login,
    /** Account settings (e-mail, password, deleting the account); notification settings are `notifications`. */
    account: pathFor('settings'),
    notifications: LINKS.settings,
    reset: LINKS.resetPassword,
    phone: telHref(brand.support_phone),
    email: `mailto:${brand.support_email}`,
  };
}
