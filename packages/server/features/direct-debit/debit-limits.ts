import {
  DIRECT_DEBIT_MAX_CENTS_PER_PERIOD,
  DIRECT_DEBIT_MAX_OPEN,
  DIRECT_DEBIT_PERIOD_DAYS,
  type DirectDebitStatus,
} from '@datekit/runtime/schemas/api/direct-debit';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { DAY_MS } from '@datekit/runtime/rules/time';

/**
 * A chargeback of any of the member's payments blocks direct debit for good (spec §8): the payer's
 * bank reversed money once, so no more debits are taken on trust.
 */
export async function isDebitBlocked(db: Kysely<Database>, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('payments')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'charged_back')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * What the member's debits use of the limits now: the amount of debits within the period that were
 * not refunded, failed or cancelled, and the debits not yet settled.
 */
export async function debitUsage(
  db: Kysely<Database>,
  userId: number,
  now: number,
): Promise<DirectDebitStatus['limits']> {
  const rows = await db
    .selectFrom('payments')
    .select(['amount_cents', 'status'])
    .where('user_id', '=', userId)
    .where('method', '=', 'directdebit')
    .where('status', 'in', ['open', 'pending', 'paid'])
    .where('created_at', '>', now - DIRECT_DEBIT_PERIOD_DAYS * DAY_MS)
    .execute();
  return {
    period_days: DIRECT_DEBIT_PERIOD_DAYS,
    max_cents: DIRECT_DEBIT_MAX_CENTS_PER_PERIOD,
    used_cents: rows.reduce((sum, r) => sum + Number(r.amount_cents), 0),
    max_open: DIRECT_DEBIT_MAX_OPEN,
    // Open debits older than the period still count: they have not settled.
    open: await countOpen(db, userId),
  };
}

async function countOpen(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .where('method', '=', 'directdebit')
    .where('status', 'in', ['open', 'pending'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** True when one more debit of `amountCents` stays within both limits. */
export function withinLimits(usage: DirectDebitStatus['limits'], amountCents: number): boolean {
  return usage.open < usage.max_open && usage.used_cents + amountCents <= usage.max_cents;
}
