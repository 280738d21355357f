import { operatorPaymentsRoute, operatorRefundRoute } from '@datekit/runtime/schemas/api/contracts/operator';
import { vatPercent } from '@datekit/runtime/rules/vat';
import { routeIdParamsSchema } from '@datekit/runtime/schemas/api/route-id';
import { ApiError } from '../../errors/api-error.ts';
import { refundPayment } from '../payments/refund-payment.ts';
import { recordAudit } from './audit.ts';
import { filteredPayments, paymentPayer } from './payments.queries.ts';
import { defineRoute } from '../../http/define-route.ts';
import { DAY_MS } from '@datekit/runtime/rules/time';

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

export const operatorPayments = defineRoute({
  contract: operatorPaymentsRoute,
  summary: 'Payments of every brand by brand, method, status and day (UTC), newest first; chargebacks included.',
  access: 'payments.read',
  handler: async ({ services, query }) => {
    const rows = await filteredPayments(services.db, query);
    const now = services.now();
    return {
      payments: rows.map((r) => {
        const refundDays = services.brands.get(r.brand)?.refund_days ?? 0;
        return {
          id: r.id,
          member_id: r.user_id,
          email: r.email,
          brand: r.brand,
          method: r.method,
          status: r.status,
          amount_cents: r.amount_cents,
          refunded_cents: r.refunded_cents,
          currency: r.currency,
          country: r.country,
          vat_rate: r.vat_rate_bp === null ? null : vatPercent(r.vat_rate_bp),
          net_cents: r.net_cents,
          vat_cents: r.vat_cents,
          credits: r.credits,
          credits_reversed: r.credits_reversed,
          credits_unrecovered: r.credits_unrecovered,
          discount_code: r.discount_code,
          created_at: iso(r.created_at)!,
          paid_at: iso(r.paid_at),
          refundable: r.status === 'paid' && r.paid_at !== null && now <= Number(r.paid_at) + refundDays * DAY_MS,
        };
      }),
    };
  },
});

/**
 * The refund path of `datekit payments refund` (refundPayment): it calls the payment provider, which
 * must not happen inside a held database transaction, so refundPayment commits on its own and the
 * audit row follows its success at once (the one action whose row is not in its transaction).
 */
export const operatorRefund = defineRoute({
  contract: operatorRefundRoute,
  summary: "Refund a paid payment's unused credits within the brand's refund_days; the member is mailed.",
  access: 'payments.refund',
  errors: ['not_found', 'refund_not_possible'],
  handler: async ({ services, operator, request, body }) => {
    const parsed = routeIdParamsSchema.safeParse(request.params);
    const payment = parsed.success ? await paymentPayer(services.db, parsed.data.id) : undefined;
    if (!payment) throw new ApiError('not_found');
    let result;
    try {
      result = await refundPayment(services, payment.id);
    } catch (error) {
      request.log.warn({ err: error, payment: payment.id }, 'refund refused');
      throw new ApiError('refund_not_possible');
    }
    await recordAudit(
      services.db,
      operator,
      {
        action: 'payment.refund',
        targetType: 'payment',
        targetId: payment.id,
        reason: body.reason,
        details: { member_id: payment.user_id, credits: result.credits, refunded_cents: result.refundedCents },
      },
      services.now(),
    );
    return { credits: result.credits, refunded_cents: result.refundedCents, balance: result.balance };
  },
});

export const operatorPaymentRoutes = [operatorPayments, operatorRefund];
