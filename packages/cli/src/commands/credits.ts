import { MAX_CREDITS_PER_BOOKING } from '@datekit/runtime/rules/constants';
import { grantCredits } from '@datekit/server';
import { migrate, openServices } from '../server-context.ts';

/**
 * `--amount` as written by a person: digits with an optional sign, within MAX_CREDITS_PER_BOOKING.
 * Throws a message that says what to write instead (`1e300`, `2.5` and `1,000` are refused).
 */
export function parseCreditAmount(text: string): number {
  const bound = MAX_CREDITS_PER_BOOKING.toLocaleString('en');
  const amount = /^[+-]?\d{1,16}$/.test(text.trim()) ? Number(text) : NaN;
  if (!Number.isSafeInteger(amount) || amount === 0 || Math.abs(amount) > MAX_CREDITS_PER_BOOKING) {
    throw new Error(
      `--amount must be a whole number other than 0, at most ${bound} either way, written with digits only (e.g. --amount 50 or --amount -20); got "${text}"`,
    );
  }
  return amount;
}

export interface GrantOptions {
  brand: string;
  email: string;
  amount: string;
  operator: string;
  reason: string;
}

/** `datekit credits grant`: the support tool for credits, logged in the ledger with operator and reason. */
export async function grantCommand(options: GrantOptions): Promise<void> {
  let amount: number;
  try {
    amount = parseCreditAmount(options.amount);
  } catch (error) {
    console.error(`Not granted: ${(error as Error).message}`);
    process.exitCode = 1;
    return;
  }
  const services = await openServices();
  try {
    await migrate(services);
    const { balance } = await grantCredits(services, { ...options, amount });
    console.log(
      `${options.email} on ${options.brand}: ${amount > 0 ? '+' : ''}${amount} credits by ${options.operator} (${options.reason}); balance now ${balance}.`,
    );
  } catch (error) {
    console.error(`Not granted: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  } finally {
    await services.db.destroy();
  }
}
