import type { Services } from '../../services.ts';
import { SANDBOX_SETTLE_MS } from './sandbox-provider.ts';
import { syncPayment } from './sync-payment.ts';

/**
 * The sandbox's own webhook call for a payment it left pending ("pending, then paid", a direct
 * debit): once it counts as paid, it reports through the same path a real provider's webhook takes.
 * Nothing with any other provider, which calls the webhook itself.
 */
export function callWebhookWhenSandboxSettles(services: Services, providerPaymentId: string): void {
  if (services.payments.name !== 'sandbox') return;
  setTimeout(
    () => void syncPayment(services, providerPaymentId).catch(() => undefined),
    SANDBOX_SETTLE_MS + 50,
  ).unref();
}
