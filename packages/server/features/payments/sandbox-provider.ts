import { randomBytes } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { SandboxPaymentsTable } from '../../db/schema.ts';
import type { CreatePaymentInput, PaymentProvider, ProviderPayment } from './provider.ts';

/** What the buyer can choose on the sandbox checkout page. */
export const SANDBOX_OUTCOMES = ['paid', 'pending', 'failed', 'canceled', 'expired'] as const;
export type SandboxOutcome = (typeof SANDBOX_OUTCOMES)[number];

/** How long a "pending, then paid" sandbox payment stays pending. */
export const SANDBOX_SETTLE_MS = 3_000;

/** The card every paid sandbox card payment stores (Stripe's and Mollie's well-known test card). */
export const SANDBOX_CARD_LABEL = 'Visa •••• 4242';

/** The path of the hosted checkout page the sandbox serves itself. */
export const SANDBOX_CHECKOUT_PATH = '/api/sandbox-checkout.php';

/** The columns a sandbox payment takes from the order as the shop sent it, one-off or recurring. */
function orderColumns(order: Omit<CreatePaymentInput, 'redirectUrl'>) {
  const { amountCents, currency, description, method, locale, brand } = order;
  return { amount_cents: amountCents, currency, description, method, locale, brand };
}

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
  revokeMandate(mandateId: string): Promise<boolean>;
} {
  /** Stores a payment: the order as the shop sent it, and how this kind of payment starts out. */
  const insertPayment = (
    id: string,
    order: Omit<CreatePaymentInput, 'redirectUrl'>,
    start: Omit<Insertable<SandboxPaymentsTable>, 'id' | keyof ReturnType<typeof orderColumns>>,
  ) =>
    db
      .insertInto('sandbox_payments')
      .values({ id, ...orderColumns(order), ...start })
      .execute();
  /** The paid first payment that left this customer's card mandate, unless the mandate was revoked. */
  const usableMandate = (customerId: string, mandateId: string, at: number) =>
    db
      .selectFrom('sandbox_payments')
      .select('id')
      .where('customer_id', '=', customerId)
      .where('mandate_id', '=', mandateId)
      .where('sequence_type', '=', 'first')
      .where('mandate_revoked_at', 'is', null)
      .where((eb) =>
        eb.or([eb('status', '=', 'paid'), eb.and([eb('status', '=', 'pending'), eb('settles_at', '<=', at)])]),
      )
      .executeTakeFirst();
  return {
    name: 'sandbox',
    async createPayment(input) {
      // Mollie-like ids: a prefix and 128 random bits, so nobody can guess another buyer's checkout.
      const id = `tr_sbx_${randomBytes(16).toString('hex')}`;
      await insertPayment(id, input, {
        redirect_url: input.redirectUrl,
        status: 'open',
        created_at: now(),
        sequence_type: input.customerId ? 'first' : null,
        customer_id: input.customerId ?? null,
      });
      return { id, checkoutUrl: `${SANDBOX_CHECKOUT_PATH}?id=${id}` };
    },
    async createCustomer() {
      return { customerId: `cst_sbx_${randomBytes(8).toString('hex')}` };
    },
    async createMandate() {
      return {
        customerId: `cst_sbx_${randomBytes(8).toString('hex')}`,
        mandateId: `mdt_sbx_${randomBytes(8).toString('hex')}`,
      };
    },
    /**
     * A payment on a stored mandate has no checkout. A debit is pending at once and counts as paid
     * SANDBOX_SETTLE_MS later; a card is paid at once, on a card mandate a paid first payment of
     * this customer left and that was not revoked (else refused, as a real provider refuses an
     * unknown or revoked mandate).
     */
    async createRecurringPayment(input) {
      const id = `tr_sbx_${randomBytes(16).toString('hex')}`;
      const at = now();
      const card = input.method === 'creditcard';
      if (card && !(await usableMandate(input.customerId, input.mandateId, at))) {
        throw new Error(
          `the sandbox knows no card mandate ${input.mandateId} of ${input.customerId} (or it was revoked)`,
        );
      }
      await insertPayment(id, input, {
        // No checkout, so nowhere to come back to.
        redirect_url: '',
        status: card ? 'paid' : 'pending',
        settles_at: card ? null : at + SANDBOX_SETTLE_MS,
        created_at: at,
        sequence_type: 'recurring',
        customer_id: input.customerId,
        mandate_id: input.mandateId,
      });
      return { id };
    },
    async getPayment(id): Promise<ProviderPayment | null> {
      const row = await db.selectFrom('sandbox_payments').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) return null;
      const settled = row.status === 'pending' && row.settles_at !== null && now() >= Number(row.settles_at);
      const status = settled ? 'paid' : row.status;
      return {
        id,
        status,
        refundedCents: Number(row.refunded_cents),
        chargedBack: row.charged_back === 1,
        mandate:
          row.sequence_type === 'first' && status === 'paid' && row.customer_id && row.mandate_id
            ? { customerId: row.customer_id, mandateId: row.mandate_id, label: SANDBOX_CARD_LABEL }
            : null,
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
    /**
     * The buyer's choice on the checkout page; only an open checkout can be decided. A first card
     * payment gets its mandate with the choice (it is reported once the payment is paid).
     */
    async settle(id, outcome) {
      const result = await db
        .updateTable('sandbox_payments')
        .set((eb) => ({
          status: outcome,
          settles_at: outcome === 'pending' ? now() + SANDBOX_SETTLE_MS : null,
          mandate_id: eb
            .case()
            .when('sequence_type', '=', 'first')
            .then(`mdt_sbx_${randomBytes(8).toString('hex')}`)
            .else(null)
            .end(),
        }))
        .where('id', '=', id)
        .where('status', '=', 'open')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** A card mandate is usable while its paid first payment stands and it was not revoked; SEPA ones always. */
    async mandateUsable(customerId, mandateId) {
      if (!mandateId.startsWith('mdt_sbx_')) return false;
      const card = await db
        .selectFrom('sandbox_payments')
        .select('id')
        .where('mandate_id', '=', mandateId)
        .where('sequence_type', '=', 'first')
        .executeTakeFirst();
      return card ? (await usableMandate(customerId, mandateId, now())) !== undefined : true;
    },
    /** Test tool: the card holder or their bank revokes a card mandate; recurring charges are refused. */
    async revokeMandate(mandateId) {
      const result = await db
        .updateTable('sandbox_payments')
        .set({ mandate_revoked_at: now() })
        .where('mandate_id', '=', mandateId)
        .where('sequence_type', '=', 'first')
        .where('mandate_revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
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
