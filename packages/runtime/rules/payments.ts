import { COUNTRIES, type CountryCode, type Currency } from '../data/countries.ts';
import { TIME_BONUS_SECONDS } from './constants.ts';

/** Methods that only work for payers in certain countries (Mollie's availability); others work everywhere. */
const LOCAL_METHODS: Record<string, readonly CountryCode[]> = {
  ideal: ['NL'],
  bancontact: ['BE'],
  eps: ['AT'],
  przelewy24: ['PL'],
  blik: ['PL'],
};

/** Discontinued by their schemes (giropay 2024, sofort 2025): accepted in brand files, never offered. */
export const DISCONTINUED_METHODS: readonly string[] = ['giropay', 'sofort'];

/**
 * The methods a payer in `country` is offered: the brand's list (per country when it has one), in
 * its order, without local methods of other countries and without discontinued ones.
 */
export function methodsForCountry(methods: readonly string[], country: string): string[] {
  return methods.filter((method) => {
    if (DISCONTINUED_METHODS.includes(method)) return false;
    const only = LOCAL_METHODS[method];
    return !only || (only as readonly string[]).includes(country);
  });
}

/** The currency a member pays in: their country's, when the brand sells in it, else the brand's first. */
export function paymentCurrency(brandCountries: readonly CountryCode[], memberCountry: string): Currency {
  const own = (COUNTRIES as Record<string, { currency: Currency }>)[memberCountry]?.currency;
  const currencies = brandCountries.map((c) => COUNTRIES[c].currency);
  return own && currencies.includes(own) ? own : currencies[0]!;
}

/** A price written in the brand file (19.95) as whole cents (1995). */
export function toCents(price: number): number {
  return Math.round(price * 100);
}

/** What is charged after a discount of `percent`, in whole cents (half a cent rounds up). */
export function discountedCents(listCents: number, percent: number): number {
  return Math.round((listCents * (100 - percent)) / 100);
}

/**
 * Seconds left of the time bonus (spec §4): only for an unpaid member, within TIME_BONUS_SECONDS of
 * signup. 0 means no bonus (never started after 4 h, or used up).
 */
export function timeBonusSecondsLeft(signupMs: number, nowMs: number, paidUser: boolean): number {
  if (paidUser) return 0;
  const elapsed = Math.floor((nowMs - signupMs) / 1000);
  if (elapsed < 0) return TIME_BONUS_SECONDS;
  return Math.max(0, TIME_BONUS_SECONDS - elapsed);
}

/** The countdown as the spec shows it: hh:mm:ss, zero-padded. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** Methods named for what they are; they are translated (`payment.method_<id>`). */
export const GENERIC_METHODS: readonly string[] = ['creditcard', 'banktransfer', 'directdebit'];

/** Brand names of the other methods, written the same in every language. */
export const METHOD_BRAND_NAMES: Record<string, string> = {
  ideal: 'iDEAL',
  bancontact: 'Bancontact',
  giropay: 'giropay',
  blik: 'BLIK',
  paypal: 'PayPal',
  applepay: 'Apple Pay',
  paysafecard: 'paysafecard',
  sofort: 'SOFORT',
  eps: 'EPS',
  przelewy24: 'Przelewy24',
};

/** A method as members read it: the brand name, or the translation of a generic method. */
export function methodName(method: string, translateGeneric: (key: string) => string): string {
  if (GENERIC_METHODS.includes(method)) return translateGeneric(`payment.method_${method}`);
  return METHOD_BRAND_NAMES[method] ?? method;
}

/** The payment screens (spec §4 Payment): what the member sees for a payment's status. */
export type PaymentScreen = 'loading' | 'pending' | 'completed' | 'failed';

export function paymentScreen(status: string | undefined): PaymentScreen {
  switch (status) {
    case undefined:
      return 'loading';
    case 'open':
    case 'pending':
      return 'pending';
    case 'paid':
    case 'refunded':
    case 'charged_back':
      return 'completed';
    default:
      return 'failed';
  }
}

/** An amount in whole cents as the member's language writes it in that currency. */
export function formatCents(cents: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
}

/** Where the dismissal of the time-bonus modal is remembered (spec §4), as unix seconds. */
export const HIDE_TIME_BONUS_MODAL_KEY = 'hide-time-bonus-modal';

/** Spec §9: the time-bonus modal opens only for a member with 0 credits who has not hidden it. */
export function timeBonusModalDue(input: { secondsLeft: number | null; credits: number; hidden: boolean }): boolean {
  return input.secondsLeft !== null && input.credits === 0 && !input.hidden;
}
