import {
  createMollieClient,
  Locale,
  MandateMethod,
  MandateStatus,
  MollieApiError,
  PaymentStatus,
  SequenceType,
  type PaymentMethod,
} from '@mollie/api-client';
import https from 'node:https';
import type { PaymentProvider, ProviderStatus, StoredMandate } from './provider.ts';

/** Mollie's checkout language for each of ours. */
const MOLLIE_LOCALES: Record<string, Locale> = {
  da: Locale.da_DK,
  de: Locale.de_DE,
  en: Locale.en_US,
  es: Locale.es_ES,
  fi: Locale.fi_FI,
  fr: Locale.fr_FR,
  it: Locale.it_IT,
  nl: Locale.nl_NL,
  nb: Locale.nb_NO,
  pl: Locale.pl_PL,
  sv: Locale.sv_SE,
};

/** Mollie's payment states, as datekit knows them; `authorized` waits for capture like `pending`. */
const STATUSES: Record<string, ProviderStatus> = {
  [PaymentStatus.open]: 'open',
  [PaymentStatus.pending]: 'pending',
  [PaymentStatus.authorized]: 'pending',
  [PaymentStatus.paid]: 'paid',
  [PaymentStatus.failed]: 'failed',
  [PaymentStatus.canceled]: 'canceled',
  [PaymentStatus.expired]: 'expired',
};

/**
 * The connections to Mollie. The official client makes its own `https.Agent` with a CA bundle it ships
 * (Mozilla's roots of 2021) and without keep-alive: each call opened a new TLS connection and parsed
 * ~140 root certificates again (about 90 ms of CPU per webhook), and the pinned bundle ignores Node's
 * current roots and NODE_EXTRA_CA_CERTS. This agent keeps connections open and trusts what Node trusts.
 */
export const MOLLIE_AGENT = new https.Agent({ keepAlive: true, maxSockets: 16, timeout: 30_000 });

/**
 * Runs `create` with `new https.Agent(...)` answering `agent`: the client takes no agent option, and
 * builds its agent once, synchronously, in its constructor (mollie-provider.test.ts checks that the
 * client's requests go through `agent`, so an upgrade that changes this fails there).
 */
function withAgent<T>(agent: https.Agent, create: () => T): T {
  const original = https.Agent;
  https.Agent = function sharedAgent() {
    return agent;
  } as unknown as typeof https.Agent;
  try {
    return create();
  } finally {
    https.Agent = original;
  }
}

const toValue = (cents: number) => (cents / 100).toFixed(2);
const toCents = (amount: { value: string } | undefined | null) => (amount ? Math.round(Number(amount.value) * 100) : 0);

/**
 * Mollie, through its official client (`MOLLIE_API_KEY`). `apiEndpoint` points the client elsewhere
 * than https://api.mollie.com/v2/ (the tests' local fake of Mollie's API).
 */
export function createMollieProvider(options: { apiKey: string; apiEndpoint?: string | undefined }): PaymentProvider {
  const mollie = withAgent(MOLLIE_AGENT, () =>
    createMollieClient({
      apiKey: options.apiKey,
      ...(options.apiEndpoint ? { apiEndpoint: options.apiEndpoint } : {}),
      versionStrings: 'datekit/1',
    }),
  );
  return {
    name: 'mollie',
    async createPayment(input) {
      const payment = await mollie.payments.create({
        amount: { currency: input.currency, value: toValue(input.amountCents) },
        description: input.description,
        redirectUrl: input.redirectUrl,
        webhookUrl: input.webhookUrl,
        method: input.method as PaymentMethod,
        locale: MOLLIE_LOCALES[input.locale] ?? Locale.en_US,
        metadata: { reference: input.reference, brand: input.brand },
        // With a customer, a first payment: once paid, Mollie keeps the card as the customer's mandate.
        ...(input.customerId ? { customerId: input.customerId, sequenceType: SequenceType.first } : {}),
      });
      const checkoutUrl = payment.getCheckoutUrl();
      if (!checkoutUrl) throw new Error(`Mollie gave payment ${payment.id} no checkout URL`);
      return { id: payment.id, checkoutUrl };
    },
    async getPayment(id) {
      try {
        const payment = await mollie.payments.get(id);
        return {
          id: payment.id,
          status: STATUSES[payment.status] ?? 'pending',
          refundedCents: toCents(payment.amountRefunded),
          chargedBack: toCents(payment.amountChargedBack) > 0,
          mandate: firstPaymentMandate(payment),
        };
      } catch (error) {
        // An id Mollie does not know (a forged webhook): nothing to do.
        if (error instanceof MollieApiError && error.statusCode === 404) return null;
        throw error;
      }
    },
    async createCustomer(input) {
      const customer = await mollie.customers.create({
        name: input.name,
        email: input.email,
        metadata: { reference: input.reference },
      });
      return { customerId: customer.id };
    },
    async createMandate(input) {
      const customer = await mollie.customers.create({
        name: input.accountHolder,
        email: input.email,
        metadata: { reference: input.reference },
      });
      const mandate = await mollie.customerMandates.create({
        customerId: customer.id,
        method: MandateMethod.directdebit,
        consumerName: input.accountHolder,
        consumerAccount: input.iban,
        signatureDate: new Date(input.signedAt).toISOString().slice(0, 10),
        mandateReference: input.reference,
      });
      return { customerId: customer.id, mandateId: mandate.id };
    },
    async createRecurringPayment(input) {
      const payment = await mollie.payments.create({
        amount: { currency: input.currency, value: toValue(input.amountCents) },
        description: input.description,
        webhookUrl: input.webhookUrl,
        method: input.method as PaymentMethod,
        sequenceType: SequenceType.recurring,
        customerId: input.customerId,
        mandateId: input.mandateId,
        locale: MOLLIE_LOCALES[input.locale] ?? Locale.en_US,
        metadata: { reference: input.reference, brand: input.brand },
      });
      return { id: payment.id };
    },
    async mandateUsable(customerId, mandateId) {
      try {
        const mandate = await mollie.customerMandates.get(mandateId, { customerId });
        return mandate.status !== MandateStatus.invalid;
      } catch (error) {
        // Revoked mandates may be gone altogether.
        if (error instanceof MollieApiError && (error.statusCode === 404 || error.statusCode === 410)) return false;
        throw error;
      }
    },
    async createRefund(id, amountCents, currency) {
      const refund = await mollie.paymentRefunds.create({
        paymentId: id,
        amount: { currency, value: toValue(amountCents) },
      });
      return { id: refund.id };
    },
  };
}

/** The card mandate a paid first payment left: its customer, mandate and the card's scheme and last digits. */
function firstPaymentMandate(payment: {
  status: string;
  sequenceType: string;
  customerId?: string | undefined;
  mandateId?: string | undefined;
  details?: unknown;
}): StoredMandate | null {
  if (payment.status !== PaymentStatus.paid || payment.sequenceType !== SequenceType.first) return null;
  if (!payment.customerId || !payment.mandateId) return null;
  const details = (payment.details ?? {}) as { cardLabel?: string | null; cardNumber?: string | null };
  const digits = details.cardNumber?.slice(-4);
  return {
    customerId: payment.customerId,
    mandateId: payment.mandateId,
    label: `${details.cardLabel ?? 'Card'}${digits ? ` •••• ${digits}` : ''}`,
  };
}
