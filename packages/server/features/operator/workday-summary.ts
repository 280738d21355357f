import { sql } from 'kysely';
import type { OperatorSummaryBrand } from '@datekit/runtime/schemas/api/operator/summary';
import type { Db } from '../../db/database.ts';
import { mayDo, type OperatorRole } from './permissions.ts';
import { HOUR_MS, WEEK_MS } from '@datekit/runtime/rules/time';

type Counts = Map<string, number>;
const byBrand = (rows: { brand: string; n: string | number }[]): Counts =>
  new Map(rows.map((row) => [row.brand, Number(row.n)]));

/**
 * What waits for the console per brand: one grouped query per queue the role may handle (at most
 * four, whatever the number of brands), and null for the queues it may not.
 */
export async function workdaySummary(
  db: Db,
  role: OperatorRole,
  brands: readonly { domain: string; name: string }[],
  now: number,
): Promise<OperatorSummaryBrand[]> {
  const [photos, reports, payments, refunds] = await Promise.all([
    mayDo(role, 'photos.moderate')
      ? db
          .selectFrom('photos as ph')
          .innerJoin('profiles as p', 'p.id', 'ph.profile_id')
          .select((eb) => ['p.brand', eb.fn.countAll<string | number>().as('n')])
          .where('ph.status', '=', 'inspection')
          .groupBy('p.brand')
          .execute()
          .then(byBrand)
      : null,
    mayDo(role, 'reports.handle')
      ? db
          .selectFrom('reports')
          .select((eb) => ['brand', eb.fn.countAll<string | number>().as('n')])
          .where('status', '=', 'open')
          .groupBy('brand')
          .execute()
          .then(byBrand)
      : null,
    mayDo(role, 'payments.read')
      ? db
          .selectFrom('payments')
          .select((eb) => [
            'brand',
            eb.fn.sum<string | number>(eb.case().when('status', '=', 'failed').then(1).else(0).end()).as('failed'),
            eb.fn.sum<string | number>(eb.case().when('status', '!=', 'failed').then(1).else(0).end()).as('pending'),
          ])
          .where('created_at', '>=', now - WEEK_MS)
          .where((eb) =>
            eb.or([
              eb('status', '=', 'failed'),
              eb.and([eb('status', 'in', ['open', 'pending']), eb('created_at', '<', now - HOUR_MS)]),
            ]),
          )
          .groupBy('brand')
          .execute()
      : null,
    mayDo(role, 'payments.refund')
      ? db
          .selectFrom('payments as p')
          .select((eb) => ['p.brand', eb.fn.count<string | number>('p.id').distinct().as('n')])
          .where('p.status', '=', 'paid')
          .where(({ exists, selectFrom }) =>
            exists(
              selectFrom('credit_ledger as l')
                .select('l.id')
                .whereRef('l.user_id', '=', 'p.user_id')
                .where('l.reason', '=', 'refund_refused')
                .where((eb) =>
                  eb.or([
                    eb('l.ref', '=', sql<string>`'payment:' || cast(${sql.ref('p.id')} as text)`),
                    eb('l.ref', 'like', sql<string>`'payment:' || cast(${sql.ref('p.id')} as text) || ':refund:%'`),
                  ]),
                ),
            ),
          )
          .groupBy('p.brand')
          .execute()
          .then(byBrand)
      : null,
  ]);
  const failed = new Map(payments?.map((row) => [row.brand, Number(row.failed)]));
  const pending = new Map(payments?.map((row) => [row.brand, Number(row.pending)]));
  return brands.map((brand) => ({
    brand: brand.domain,
    name: brand.name,
    photos: photos ? (photos.get(brand.domain) ?? 0) : null,
    reports: reports ? (reports.get(brand.domain) ?? 0) : null,
    failed_payments: payments ? (failed.get(brand.domain) ?? 0) : null,
    pending_payments: payments ? (pending.get(brand.domain) ?? 0) : null,
    refunds_to_retry: refunds ? (refunds.get(brand.domain) ?? 0) : null,
  }));
}
