import type { PaymentStatus } from '../../db/schema.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import type { Services } from '../../services.ts';
import { syncPayment } from './sync-payment.ts';

/**
 * After the provider confirmed a payment's final state, webhook calls for it within this window do
 * not ask the provider again: one sync runs at the window's end instead. Members see their own
 * payment id, so anyone may replay its webhook; at most one provider call per payment and window.
 */
export const WEBHOOK_QUIET_MS = 5_000;

/** The job that syncs a payment at the end of its quiet window: payload `{ id }`, the provider's id. */
export const PAYMENT_SYNC_JOB = 'payment-sync';

/** States the provider has decided: only refunds and chargebacks can still change them. */
const DECIDED: readonly PaymentStatus[] = ['paid', 'refunded', 'charged_back', 'failed', 'canceled', 'expired'];

/**
 * The webhook's sync. The body names a payment and nothing else is believed: what decides is our own
 * record that the provider confirmed its final state less than WEBHOOK_QUIET_MS ago (`synced_at`).
 * Then the call is cheap — one read, and a job queued once per window (unique key) that syncs with
 * the provider when the window ends — so a real refund or chargeback reported inside the window is
 * still followed, a few seconds later. Otherwise the payment is synced now. Answers the status as we
 * know it, or null for an id we never issued.
 */
export async function syncFromWebhook(
  services: Services,
  providerPaymentId: string,
): Promise<{ status: PaymentStatus } | null> {
  const found = await services.db
    .selectFrom('payments')
    .select(['id', 'status', 'synced_at'])
    .where('provider', '=', services.payments.name)
    .where('provider_payment_id', '=', providerPaymentId)
    .executeTakeFirst();
  if (!found) return null;
  const now = services.now();
  const syncedAt = found.synced_at === null ? null : Number(found.synced_at);
  if (syncedAt !== null && DECIDED.includes(found.status) && now - syncedAt < WEBHOOK_QUIET_MS) {
    const runAt = syncedAt + WEBHOOK_QUIET_MS;
    await enqueueJob(services.db, PAYMENT_SYNC_JOB, { id: providerPaymentId }, now, {
      runAt,
      // One job per payment and window; a job of an earlier window (even one running) keeps its own key.
      uniqueKey: `${PAYMENT_SYNC_JOB}:${found.id}@${runAt}`,
      keepExisting: true,
    });
    return found;
  }
  return syncPayment(services, providerPaymentId);
}
