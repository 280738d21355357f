import { sql, type Kysely } from 'kysely';
import { MAX_CREDITS_PER_BOOKING } from '@datekit/runtime/rules/constants';
import type { CreditLedgerTable, Database } from '../../db/schema.ts';
import { memberChanged } from '../users/member-cache.ts';

/** A member's credits: the sum of their ledger rows (spec §1; DESIGN invariant). */
export async function balanceOf(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('credit_ledger')
    .select(sql<number>`coalesce(sum(amount), 0)`.as('balance'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.balance);
}

/** Whether `amount` may be booked: a whole number of at most MAX_CREDITS_PER_BOOKING either way. */
export function isCreditAmount(amount: number): boolean {
  return Number.isSafeInteger(amount) && Math.abs(amount) <= MAX_CREDITS_PER_BOOKING;
}

/** Refuses an amount that `isCreditAmount` does not accept, before it reaches the ledger. */
export function assertCreditAmount(amount: number): void {
  if (!isCreditAmount(amount)) {
    throw new RangeError(
      `credit amounts are whole numbers from -${MAX_CREDITS_PER_BOOKING} to ${MAX_CREDITS_PER_BOOKING}; got ${amount}`,
    );
  }
}

/**
 * The only writer of the ledger (ledger.test.ts fails on any other insert): books one change of
 * credits, an amount `isCreditAmount` accepts. Callers that spend hold the member's lock (`lockMember`)
 * and have checked the balance in the same transaction, so the sum can never go below zero.
 *
 * `once`: a booking that may be attempted again (a payment's webhook and return visit, an activation
 * link clicked twice, on any instance) is skipped when its reason and ref are already booked; the
 * ledger's unique index on the two backs it. Without `once` such a repeat fails, as a bug should.
 * Answers whether this call booked the row.
 */
export async function book(
  db: Kysely<Database>,
  entry: {
    userId: number;
    amount: number;
    reason: CreditLedgerTable['reason'];
    ref?: string | null;
    note?: string | null;
    at: number;
  } & ({ once?: false } | { once: true; ref: string }),
): Promise<boolean> {
  assertCreditAmount(entry.amount);
  const insert = db.insertInto('credit_ledger').values({
    user_id: entry.userId,
    amount: entry.amount,
    reason: entry.reason,
    ref: entry.ref ?? null,
    note: entry.note ?? null,
    created_at: entry.at,
  });
  const result = await (
    entry.once ? insert.onConflict((oc) => oc.columns(['reason', 'ref']).doNothing()) : insert
  ).executeTakeFirst();
  await memberChanged(db, entry.userId);
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}
