/**
 * What datekit needs from a payment service provider. Providers are asked, never told: a webhook
 * only names a payment, and the status always comes from `getPayment`.
 */
export type ProviderStatus = 'open' | 'pending' | 'paid' | 'failed' | 'canceled' | 'expired';

export interface ProviderPayment {
  id: string;
  status: ProviderStatus;
  /** Cents refunded so far. */
  refundedCents: number;
  /** True once the payer's bank or card scheme reversed the payment. */
  chargedBack: boolean;
  /** The card mandate a paid first payment left (Mollie: the payment's `mandateId`), else absent. */
  mandate?: StoredMandate | null;
}

/** A mandate a repeat order can charge: the provider's customer and mandate, and what the member sees. */
export interface StoredMandate {
  customerId: string;
  mandateId: string;
  /** The card scheme and the last four digits, e.g. `Visa •••• 4242`. */
  label: string;
}

export interface CreatePaymentInput {
  amountCents: number;
  currency: string;
  description: string;
  /** The provider's method identifier (Mollie's names: ideal, creditcard, ...). */
  method: string;
  /** Language of the checkout, e.g. `nl`. */
  locale: string;
  brand: string;
  /** Where the buyer comes back to after the checkout. */
  redirectUrl: string;
  /** Where the provider reports changes; it must be reachable by the provider. */
  webhookUrl: string;
  /** Our payment id, kept by the provider for the operator's reference. */
  reference: string;
  /**
   * The member's customer at the provider: the payment is then a first payment (Mollie:
   * `sequenceType: first`) that leaves a mandate for repeat orders once it is paid.
   */
  customerId?: string | undefined;
}

/** A SEPA direct debit mandate the member confirmed with the code sent to their phone. */
export interface CreateMandateInput {
  accountHolder: string;
  /** Electronic format, checksum already validated. */
  iban: string;
  email: string;
  /** Our mandate id, kept by the provider as the mandate reference. */
  reference: string;
  /** When the member confirmed it (unix ms). */
  signedAt: number;
}

/** A payment from a stored mandate: no checkout, the provider debits the account and calls the webhook. */
export type RecurringPaymentInput = Omit<CreatePaymentInput, 'redirectUrl'> & { customerId: string; mandateId: string };

export interface PaymentProvider {
  readonly name: 'sandbox' | 'mollie';
  createPayment(input: CreatePaymentInput): Promise<{ id: string; checkoutUrl: string }>;
  /** A customer for a member's first card payment (Mollie: `POST /customers`). */
  createCustomer(input: { name: string; email: string; reference: string }): Promise<{ customerId: string }>;
  /** The provider's view of a payment, or null when it does not know the id. */
  getPayment(id: string): Promise<ProviderPayment | null>;
  createRefund(id: string, amountCents: number, currency: string): Promise<{ id: string }>;
  /** A customer with a direct debit mandate (Mollie: a customer and its `directdebit` mandate). */
  createMandate(input: CreateMandateInput): Promise<{ customerId: string; mandateId: string }>;
  /**
   * Charges a stored mandate, a SEPA one or a card (Mollie: `sequenceType: recurring`); no checkout.
   * The status follows through the webhook; a card is usually decided at once.
   */
  createRecurringPayment(input: RecurringPaymentInput): Promise<{ id: string }>;
  /**
   * Whether a recurring charge can still use the customer's mandate, asked after one was refused or
   * failed: false when the provider reports it unusable (Mollie: status `invalid`, or the mandate no
   * longer exists — revoked by the holder or their bank, an expired card); true for a one-off decline.
   * Throws when the provider cannot be asked.
   */
  mandateUsable(customerId: string, mandateId: string): Promise<boolean>;
}
