import { lockMember } from '../../db/lock-member.ts';
import type { Services } from '../../services.ts';
import { MAX_CREDITS_PER_BOOKING } from '@datekit/runtime/rules/constants';
import { balanceOf, book, isCreditAmount } from './ledger.ts';

export interface Grant {
  brand: string;
  email: string;
  /** Positive to give credits, negative to take back (never below zero); at most MAX_CREDITS_PER_BOOKING either way. */
  amount: number;
  /** Who did it: every grant names its operator in the ledger. */
  operator: string;
  reason: string;
}

/**
 * The support tool for credits: one ledger row per grant with the
 * operator and reason in its note; a correction can take credits back, never below zero.
 */
export async function grantCredits(services: Services, grant: Grant): Promise<{ userId: number; balance: number }> {
  if (!isCreditAmount(grant.amount) || grant.amount === 0) {
    throw new Error(
      `amount must be a whole number other than 0, at most ${MAX_CREDITS_PER_BOOKING} either way (e.g. 50 or -20); got ${grant.amount}`,
    );
  }
  if (!grant.operator.trim() || !grant.reason.trim()) throw new Error('operator and reason are required');
  const user = await services.db
    .selectFrom('users')
    .select('id')
    .where('brand', '=', grant.brand)
    .where('email_normalized', '=', grant.email.trim().toLowerCase())
    .executeTakeFirst();
  if (!user) throw new Error(`no member ${grant.email} on ${grant.brand}`);
  const now = services.now();
  const balance = await services.db.transaction().execute(async (trx) => {
    await lockMember(trx, services.engine, user.id);
    const before = await balanceOf(trx, user.id);
    if (before + grant.amount < 0)
      throw new Error(`the balance is ${before}; taking ${-grant.amount} would go below zero`);
    await book(trx, {
      userId: user.id,
      amount: grant.amount,
      reason: 'grant',
      note: `${grant.operator.trim()}: ${grant.reason.trim()}`,
      at: now,
    });
    await services.events.publish(trx, user.id, { type: 'credits', credits: before + grant.amount });
    return before + grant.amount;
  });
  return { userId: user.id, balance };
}
