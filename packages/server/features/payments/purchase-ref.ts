/**
 * The ledger reference of a payment's credits and of their reversal: the ledger is unique per reason
 * and reference, so a payment's credits are booked, refunded by the operator, or charged back once at most.
 */
export const purchaseRef = (paymentId: number) => `payment:${paymentId}`;

/**
 * The ledger reference of an operator's refund attempt and of its undoing when the provider refused
 * it (reason `refund_refused`): the first attempt keeps the payment's own reference, each retry after
 * a refusal numbers its own, so a refused refund can be tried again.
 */
export const refundAttemptRef = (paymentId: number, attempt: number) =>
  attempt === 1 ? purchaseRef(paymentId) : `${purchaseRef(paymentId)}:refund:${attempt}`;
