import type { DiscountCodeJson } from '@datekit/runtime/schemas/api/payments';
import type { DiscountCode } from './discount-codes.ts';

export function toDiscountJson(code: DiscountCode, now: number): DiscountCodeJson {
  return {
    code: code.code,
    value_percentage: code.value_percentage,
    minimum_order_value: code.minimum_order_cents / 100,
    country: code.country,
    user_id: code.user_id,
    expires: code.expires_at === null ? null : new Date(code.expires_at).toISOString(),
    currency: code.currency,
    status: code.status,
    validity: code.validity,
    expired: code.expires_at !== null && now >= code.expires_at,
    paymentmethods: code.payment_methods,
  };
}
