import { sql, type Kysely } from 'kysely';
import { MAX_CREDITS_PER_BOOKING } from '@datekit/runtime';
import type { CreditLedgerTable, Database } from '../../db/schema.ts';

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
 * Books one change of credits (an amount `isCreditAmount` accepts). Callers that spend hold the member's lock (`lockMember`) and have
 * checked the balance in the same transaction, so the sum can never go below zero.
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
  },
): Promise<void> {
  assertCreditAmount(entry.amount);
  await db
    .insertInto('credit_ledger')
    .values({
      user_id: entry.userId,
      amount: entry.amount,
      reason: entry.reason,
      ref: entry.ref ?? null,
      note: entry.note ?? null,
      created_at: entry.at,
    })
    .execute();
}
