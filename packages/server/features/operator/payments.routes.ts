import {
  OPERATOR_PAYMENTS_PAGE,
  operatorPaymentsQuerySchema,
  operatorPaymentsResponseSchema,
  paymentRefundRequestSchema,
  paymentRefundResponseSchema,
  routeIdParamsSchema,
  vatPercent,
} from '@datekit/runtime';
import { ApiError } from '../../errors/api-error.ts';
import { refundPayment } from '../payments/refund-payment.ts';
import { recordAudit } from './audit.ts';
import { defineRoute } from '../../http/define-route.ts';
import { DAY_MS } from '@datekit/runtime';

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

export const operatorPayments = defineRoute({
  method: 'GET',
  url: '/api/operator/payments',
  summary: 'Payments of every brand by brand, method, status and day (UTC), newest first; chargebacks included.',
  access: 'payments.read',
  query: operatorPaymentsQuerySchema,
  response: operatorPaymentsResponseSchema,
  handler: async ({ services, query }) => {
    const rows = await services.db
      .selectFrom('payments as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select([
        'p.id',
        'p.user_id',
        'u.email',
        'p.brand',
        'p.method',
        'p.status',
        'p.amount_cents',
        'p.refunded_cents',
        'p.currency',
        'p.country',
        'p.vat_rate_bp',
        'p.net_cents',
        'p.vat_cents',
        'p.credits',
        'p.credits_reversed',
        'p.credits_unrecovered',
        'p.discount_code',
        'p.created_at',
        'p.paid_at',
      ])
      .$if(Boolean(query.brand), (q) => q.where('p.brand', '=', query.brand!))
      .$if(Boolean(query.method), (q) => q.where('p.method', '=', query.method!))
      .$if(Boolean(query.status), (q) => q.where('p.status', '=', query.status!))
      .$if(Boolean(query.member_id), (q) => q.where('p.user_id', '=', query.member_id!))
      .$if(Boolean(query.from), (q) => q.where('p.created_at', '>=', Date.parse(`${query.from}T00:00:00Z`)))
      .$if(Boolean(query.to), (q) => q.where('p.created_at', '<', Date.parse(`${query.to}T00:00:00Z`) + DAY_MS))
      .orderBy('p.id', 'desc')
      .limit(OPERATOR_PAYMENTS_PAGE)
      .execute();
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
  method: 'POST',
  url: '/api/operator/payments/:id/refund',
  summary: "Refund a paid payment's unused credits within the brand's refund_days; the member is mailed.",
  access: 'payments.refund',
  errors: ['not_found', 'refund_not_possible'],
  body: paymentRefundRequestSchema,
  response: paymentRefundResponseSchema,
  handler: async ({ services, operator, request, body }) => {
    const parsed = routeIdParamsSchema.safeParse(request.params);
    const payment = parsed.success
      ? await services.db
          .selectFrom('payments')
          .select(['id', 'user_id'])
          .where('id', '=', parsed.data.id)
          .executeTakeFirst()
      : undefined;
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
