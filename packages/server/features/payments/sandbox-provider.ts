import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import type { PaymentProvider, ProviderPayment } from './provider.ts';

/** What the buyer can choose on the sandbox checkout page. */
export const SANDBOX_OUTCOMES = ['paid', 'pending', 'failed', 'canceled', 'expired'] as const;
export type SandboxOutcome = (typeof SANDBOX_OUTCOMES)[number];

/** How long a "pending, then paid" sandbox payment stays pending. */
export const SANDBOX_SETTLE_MS = 3_000;

/** The path of the hosted checkout page the sandbox serves itself. */
export const SANDBOX_CHECKOUT_PATH = '/api/sandbox-checkout.php';

/**
 * The built-in provider: keeps its checkouts in its own table (so every server instance sees them,
 * like a real provider's API) and serves a hosted checkout page where the buyer picks the outcome.
 */
export function createSandboxProvider(
  db: Db,
  now: () => number,
): PaymentProvider & {
  settle(id: string, outcome: SandboxOutcome): Promise<boolean>;
  chargeBack(id: string): Promise<boolean>;
} {
  return {
    name: 'sandbox',
    async createPayment(input) {
      // Mollie-like ids: a prefix and 128 random bits, so nobody can guess another buyer's checkout.
      const id = `tr_sbx_${randomBytes(16).toString('hex')}`;
      await db
        .insertInto('sandbox_payments')
        .values({
          id,
          amount_cents: input.amountCents,
          currency: input.currency,
          description: input.description,
          method: input.method,
          locale: input.locale,
          brand: input.brand,
          redirect_url: input.redirectUrl,
          status: 'open',
          settles_at: null,
          created_at: now(),
        })
        .execute();
      return { id, checkoutUrl: `${SANDBOX_CHECKOUT_PATH}?id=${id}` };
    },
    async createMandate() {
      return {
        customerId: `cst_sbx_${randomBytes(8).toString('hex')}`,
        mandateId: `mdt_sbx_${randomBytes(8).toString('hex')}`,
      };
    },
    /** A debit has no checkout: it is pending at once and counts as paid SANDBOX_SETTLE_MS later. */
    async createRecurringPayment(input) {
      const id = `tr_sbx_${randomBytes(16).toString('hex')}`;
      const at = now();
      await db
        .insertInto('sandbox_payments')
        .values({
          id,
          amount_cents: input.amountCents,
          currency: input.currency,
          description: input.description,
          method: input.method,
          locale: input.locale,
          brand: input.brand,
          redirect_url: '',
          status: 'pending',
          settles_at: at + SANDBOX_SETTLE_MS,
          created_at: at,
        })
        .execute();
      return { id };
    },
    async getPayment(id): Promise<ProviderPayment | null> {
      const row = await db.selectFrom('sandbox_payments').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) return null;
      const settled = row.status === 'pending' && row.settles_at !== null && now() >= Number(row.settles_at);
      return {
        id,
        status: settled ? 'paid' : row.status,
        refundedCents: Number(row.refunded_cents),
        chargedBack: row.charged_back === 1,
      };
    },
    async createRefund(id, amountCents) {
      const result = await db
        .updateTable('sandbox_payments')
        .set((eb) => ({ refunded_cents: eb('refunded_cents', '+', amountCents) }))
        .where('id', '=', id)
        .executeTakeFirst();
      if (!result.numUpdatedRows) throw new Error(`the sandbox knows no payment ${id}`);
      return { id: `re_sbx_${randomBytes(8).toString('hex')}` };
    },
    /** The buyer's choice on the checkout page; only an open checkout can be decided. */
    async settle(id, outcome) {
      const result = await db
        .updateTable('sandbox_payments')
        .set({ status: outcome, settles_at: outcome === 'pending' ? now() + SANDBOX_SETTLE_MS : null })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** Operator's test tool: the payer's bank reverses a payment. */
    async chargeBack(id) {
      const result = await db
        .updateTable('sandbox_payments')
        .set({ charged_back: 1 })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
