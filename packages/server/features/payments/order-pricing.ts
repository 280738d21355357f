import { discountedCents, methodsForCountry, paymentCurrency, toCents } from '@datekit/runtime/rules/payments';
import type { ErrorCode } from '@datekit/runtime/errors';
import type { Brand } from '@datekit/runtime/schemas/brand';
import { ApiError } from '../../errors/api-error.ts';
import type { Services } from '../../services.ts';
import {
  activeDiscount,
  isUsed,
  lookUpCode,
  orderMismatch,
  type DiscountCode,
  type DiscountMember,
} from '../discounts/discount-codes.ts';

/** What priceOrder refuses an order with: each route that prices one declares these among its errors. */
export const ORDER_PRICING_ERRORS = [
  'not_found',
  'payment_method_unavailable',
  'discount_not_found',
  'discount_used',
  'discount_not_applicable',
] as const satisfies readonly ErrorCode[];

export interface PricedOrder {
  bundle: Brand['credit_bundles'][number];
  currency: string;
  country: string;
  method: string;
  listCents: number;
  amountCents: number;
  discount: DiscountCode | null;
  /**
   * The member typed the discount's code. Lost to another checkout meanwhile, a typed code is
   * `discount_used`; the discount applied without a code just falls away (`withoutDiscount`).
   */
  codeTyped: boolean;
}

/** The order at its normal price: the automatic discount was taken by another checkout of the member. */
export function withoutDiscount(priced: PricedOrder): PricedOrder {
  return { ...priced, amountCents: priced.listCents, discount: null, codeTyped: false };
}

/** The methods the member's country is offered on this brand. */
export function offeredMethods(brand: Brand, country: string): string[] {
  const own = brand.payment_methods_by_country?.[country as keyof typeof brand.payment_methods_by_country];
  return methodsForCountry(own ?? brand.payment_methods, country);
}

/**
 * Prices one order on the server, from the brand file alone: the bundle's price in the member's
 * currency, minus the discount that applies. A named code must apply (else a translated 4xx); without
 * one, the member's active discount applies when its rules hold. The client's figures are never read.
 */
export async function priceOrder(
  services: Services,
  brand: Brand,
  member: DiscountMember,
  order: { bundleId: string; method: string; code?: string | undefined },
): Promise<PricedOrder> {
  const bundle = brand.credit_bundles.find((b) => b.id === order.bundleId);
  if (!bundle) throw new ApiError('not_found');
  const currency = paymentCurrency(brand.countries, member.country);
  const price = bundle.prices[currency];
  if (price === undefined) throw new ApiError('not_found');
  if (!offeredMethods(brand, member.country).includes(order.method)) {
    throw new ApiError('payment_method_unavailable', {}, { field: 'method' });
  }
  const listCents = toCents(price);
  const now = services.now();
  const facts = { amountCents: listCents, currency, method: order.method };
  let discount: DiscountCode | null = null;
  if (order.code) {
    discount = await lookUpCode(services.db, brand.domain, member, order.code, now);
    if (!discount) throw new ApiError('discount_not_found', {}, { field: 'discount_code' });
    if (await isUsed(services.db, brand.domain, discount, member.id)) {
      throw new ApiError('discount_used', {}, { field: 'discount_code' });
    }
    const mismatch = orderMismatch(discount, facts, now);
    if (mismatch) throw new ApiError('discount_not_applicable', {}, { field: 'discount_code', reason: mismatch });
  } else {
    const active = activeDiscount(member, now);
    if (active && !orderMismatch(active, facts, now) && !(await isUsed(services.db, brand.domain, active, member.id))) {
      discount = active;
    }
  }
  return {
    bundle,
    currency,
    country: member.country,
    method: order.method,
    listCents,
    amountCents: discountedCents(listCents, discount?.value_percentage ?? 0),
    discount,
    codeTyped: Boolean(order.code),
  };
}
