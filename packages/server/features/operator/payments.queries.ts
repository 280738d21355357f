import { DAY_MS } from '@datekit/runtime/rules/time';
import {
  OPERATOR_PAYMENTS_PAGE,
  type operatorPaymentsQuerySchema,
} from '@datekit/runtime/schemas/api/operator/payments';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';

/** The payments of every brand the operator's filters match (days in UTC), newest first, one page. */
export function filteredPayments(db: Db, filter: z.infer<typeof operatorPaymentsQuerySchema>) {
  return db
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
    .$if(Boolean(filter.brand), (q) => q.where('p.brand', '=', filter.brand!))
    .$if(Boolean(filter.method), (q) => q.where('p.method', '=', filter.method!))
    .$if(Boolean(filter.status), (q) => q.where('p.status', '=', filter.status!))
    .$if(Boolean(filter.member_id), (q) => q.where('p.user_id', '=', filter.member_id!))
    .$if(Boolean(filter.from), (q) => q.where('p.created_at', '>=', Date.parse(`${filter.from}T00:00:00Z`)))
    .$if(Boolean(filter.to), (q) => q.where('p.created_at', '<', Date.parse(`${filter.to}T00:00:00Z`) + DAY_MS))
    .orderBy('p.id', 'desc')
    .limit(OPERATOR_PAYMENTS_PAGE)
    .execute();
}

/** A payment's id and payer, if it exists. */
export function paymentPayer(db: Db, id: number) {
  return db.selectFrom('payments').select(['id', 'user_id']).where('id', '=', id).executeTakeFirst();
}

/** How often each discount code of `brand` was used by a payment that went through (refunded ones too). */
export function discountCodeUses(db: Db, brand: string) {
  return db
    .selectFrom('payments')
    .select((eb) => ['discount_code', eb.fn.countAll<number>().as('uses')])
    .where('brand', '=', brand)
    .where('discount_code', 'is not', null)
    .where('status', 'in', ['paid', 'refunded', 'charged_back'])
    .groupBy('discount_code')
    .execute();
}
