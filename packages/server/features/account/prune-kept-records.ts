import { everyDayAt, type RecurringJob } from '../../jobs/recurring.ts';
import type { Services } from '../../services.ts';
import { BOOKKEEPING_RETENTION } from './personal-data.ts';

/** The recurring job that deletes an erased member's payment records once the law no longer asks for them. */
export const PRUNE_KEPT_RECORDS_JOB: RecurringJob = { name: 'prune-kept-records', next: everyDayAt(4) };

/**
 * Records last changed before this moment are past their period: kept until the end of the tenth
 * year after the year of the sale (a sale or refund of 2026 goes on 1 January 2037).
 */
export function keptRecordsCutoff(now: number): number {
  return Date.UTC(new Date(now).getUTCFullYear() - BOOKKEEPING_RETENTION.years, 0, 1);
}

/**
 * Deletes the payments and ledger rows that erasure kept (erased members only) once their period is
 * over. The anonymous users stub stays: it holds no personal data, and its id is never handed out again.
 */
export async function pruneKeptRecords(services: Services): Promise<number> {
  const cutoff = keptRecordsCutoff(services.now());
  return services.db.transaction().execute(async (trx) => {
    const erased = trx.selectFrom('users').select('id').where('erased_at', 'is not', null);
    const payments = await trx
      .deleteFrom('payments')
      .where('user_id', 'in', erased)
      .where('updated_at', '<', cutoff)
      .executeTakeFirst();
    const ledger = await trx
      .deleteFrom('credit_ledger')
      .where('user_id', 'in', erased)
      .where('created_at', '<', cutoff)
      .executeTakeFirst();
    return Number(payments.numDeletedRows) + Number(ledger.numDeletedRows);
  });
}
