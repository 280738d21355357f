import { z } from 'zod';
import { toLocale } from '@datekit/runtime/data/locales';
import { ApiError } from '../../errors/api-error.ts';
import { defineRoute } from '../../http/define-route.ts';
import { useDocumentHeaders } from '../../ops/security-headers.ts';
import type { Services } from '../../services.ts';
import { sandboxPayment } from './payments.queries.ts';
import { sandboxCheckoutPage } from './sandbox-checkout-page.ts';
import { createSandboxProvider, SANDBOX_CHECKOUT_PATH, SANDBOX_OUTCOMES } from './sandbox-provider.ts';
import { callWebhookWhenSandboxSettles } from './sandbox-webhook.ts';
import { syncPayment } from './sync-payment.ts';

const idSchema = z.string().regex(/^tr_sbx_[0-9a-f]{32}$/);

/** The sandbox exists only while it is the configured provider. */
function sandbox(services: Services) {
  if (services.payments.name !== 'sandbox') throw new ApiError('not_found');
  return createSandboxProvider(services.db, services.now);
}

export const sandboxCheckout = defineRoute({
  method: 'GET',
  url: SANDBOX_CHECKOUT_PATH,
  errors: ['not_found'],
  summary: "The sandbox provider's hosted checkout page (HTML), where the buyer picks the outcome.",
  auth: 'none',
  query: z.object({ id: idSchema }),
  handler: async ({ services, brand, query, reply }) => {
    sandbox(services);
    const row = await sandboxPayment(services.db, brand.domain, query.id);
    if (!row) throw new ApiError('not_found');
    const html = sandboxCheckoutPage({
      brand,
      locale: toLocale(row.locale) ?? 'en',
      translate: services.translate,
      id: row.id,
      amountCents: row.amount_cents,
      currency: row.currency,
      description: row.description,
      method: row.method,
      decided: row.status !== 'open',
      storesCard: row.sequence_type === 'first',
    });
    useDocumentHeaders(reply);
    await reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
    return undefined;
  },
});

export const sandboxDecide = defineRoute({
  method: 'POST',
  url: SANDBOX_CHECKOUT_PATH,
  errors: ['not_found'],
  summary:
    "The buyer's choice on the sandbox checkout: the sandbox reports it to the webhook path, then sends the buyer back to the site.",
  auth: 'none',
  // A plain HTML form on the provider's page, as on a real provider's checkout; the id is the secret.
  clientHeader: false,
  body: z.object({ id: idSchema, outcome: z.enum(SANDBOX_OUTCOMES) }),
  handler: async ({ services, brand, body, reply }) => {
    const provider = sandbox(services);
    const row = await sandboxPayment(services.db, brand.domain, body.id);
    if (!row) throw new ApiError('not_found');
    if (await provider.settle(body.id, body.outcome)) {
      await syncPayment(services, body.id);
      // "Pending, then paid": the provider calls the webhook again once the payment completes.
      if (body.outcome === 'pending') callWebhookWhenSandboxSettles(services, body.id);
    }
    await reply.redirect(row.redirect_url, 303);
    return undefined;
  },
});

export const sandboxCheckoutRoutes = [sandboxCheckout, sandboxDecide];
