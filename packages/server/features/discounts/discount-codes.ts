import { TIME_BONUS_CODE, TIME_BONUS_PERCENT, WELCOME_DISCOUNT_PERCENT } from '@datekit/runtime/rules/constants';
import { timeBonusSecondsLeft } from '@datekit/runtime/rules/payments';
import type { Db } from '../../db/database.ts';
import type { DiscountCodesTable } from '../../db/schema.ts';
import { isReserved, memberHold } from './discount-reservations.ts';
import { DAY_MS } from '@datekit/runtime/rules/time';

/** The welcome discount (spec §1): 25% on the first bundle, for this many days after signup. */
export const WELCOME_DISCOUNT_DAYS = 7;
export const WELCOME_CODE = 'WELCOME25';

/** A discount code as the API and the rules see it (spec §3 Discount code). Amounts in whole cents. */
export interface DiscountCode {
  code: string;
  value_percentage: number;
  minimum_order_cents: number;
  country: string | null;
  user_id: number | null;
  expires_at: number | null;
  currency: string | null;
  status: 'active' | 'disabled';
  validity: DiscountCodesTable['validity'];
  payment_methods: string[] | null;
}

/** Who asks: the rules depend on the member's payment history, country and signup time. */
export interface DiscountMember {
  id: number;
  paid_user: number;
  created_at: number;
  country: string;
}

/** Payment states in which a code counts as used. */
const USED_STATES = ['paid', 'refunded', 'charged_back'] as const;

/** The time bonus (spec §4, §9) while it runs for this member, else null. */
export function timeBonusCode(member: DiscountMember, now: number): DiscountCode | null {
  const left = timeBonusSecondsLeft(Number(member.created_at), now, member.paid_user === 1);
  if (left <= 0) return null;
  return builtIn(TIME_BONUS_CODE, TIME_BONUS_PERCENT, now + left * 1000, member.id);
}

/** The welcome discount for an unpaid member in their first WELCOME_DISCOUNT_DAYS, else null. */
export function welcomeCode(member: DiscountMember | null, now: number): DiscountCode | null {
  if (!member) return builtIn(WELCOME_CODE, WELCOME_DISCOUNT_PERCENT, null, null);
  const expires = Number(member.created_at) + WELCOME_DISCOUNT_DAYS * DAY_MS;
  if (member.paid_user === 1 || now >= expires) return null;
  return builtIn(WELCOME_CODE, WELCOME_DISCOUNT_PERCENT, expires, member.id);
}

/** The discount a member gets without typing a code: the time bonus when it runs, else the welcome code. */
export function activeDiscount(member: DiscountMember, now: number): DiscountCode | null {
  return timeBonusCode(member, now) ?? welcomeCode(member, now);
}

function builtIn(code: string, percent: number, expires: number | null, userId: number | null): DiscountCode {
  return {
    code,
    value_percentage: percent,
    minimum_order_cents: 0,
    country: null,
    user_id: userId,
    expires_at: expires,
    currency: null,
    status: 'active',
    validity: 'once-per-user',
    payment_methods: null,
  };
}

/**
 * A code by name for this member: the built-in ones while they apply, else the brand's operator
 * codes that are active, meant for everyone or this member, and for their country. Null when none.
 */
export async function lookUpCode(
  db: Db,
  brand: string,
  member: DiscountMember,
  code: string,
  now: number,
): Promise<DiscountCode | null> {
  const name = code.trim().toUpperCase();
  if (name === TIME_BONUS_CODE) return timeBonusCode(member, now);
  if (name === WELCOME_CODE) return welcomeCode(member, now);
  const row = await db
    .selectFrom('discount_codes')
    .selectAll()
    .where('brand', '=', brand)
    .where('code', '=', name)
    .where('status', '=', 'active')
    .executeTakeFirst();
  if (!row) return null;
  if (row.user_id !== null && row.user_id !== member.id) return null;
  if (row.country !== null && row.country !== member.country) return null;
  return {
    code: row.code,
    value_percentage: row.value_percentage,
    minimum_order_cents: Number(row.minimum_order_cents),
    country: row.country,
    user_id: row.user_id,
    expires_at: row.expires_at === null ? null : Number(row.expires_at),
    currency: row.currency,
    status: row.status,
    validity: row.validity,
    payment_methods: row.payment_methods ? row.payment_methods.split(',') : null,
  };
}

/** Whether the code's validity is used up: by this member (once-per-user) or by anyone (once). */
export async function isUsed(db: Db, brand: string, code: DiscountCode, memberId: number): Promise<boolean> {
  if (code.validity === 'unlimited') return false;
  // A code held by a payment, open or paid, is used: a `once` code by anyone's, a once-per-user code
  // by this member's (see discount-reservations.ts). Payments older than the holds are read below.
  if (code.validity === 'once' && (await isReserved(db, brand, code.code))) return true;
  if (code.validity === 'once-per-user' && (await memberHold(db, brand, code.code, memberId))) return true;
  let query = db
    .selectFrom('payments')
    .select('id')
    .where('brand', '=', brand)
    .where('discount_code', '=', code.code)
    .where('status', 'in', USED_STATES);
  if (code.validity === 'once-per-user') query = query.where('user_id', '=', memberId);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

export function isExpired(code: DiscountCode, now: number): boolean {
  return code.expires_at !== null && now >= code.expires_at;
}

/** Why a code does not apply to an order, or null when it does. */
export function orderMismatch(
  code: DiscountCode,
  order: { amountCents: number; currency: string; method: string },
  now: number,
): 'expired' | 'minimum' | 'currency' | 'method' | null {
  if (isExpired(code, now)) return 'expired';
  if (code.currency !== null && code.currency !== order.currency) return 'currency';
  if (order.amountCents < code.minimum_order_cents) return 'minimum';
  if (code.payment_methods && !code.payment_methods.includes(order.method)) return 'method';
  return null;
}
