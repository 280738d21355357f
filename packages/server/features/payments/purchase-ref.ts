/**
 * The ledger reference of a payment's credits and of their reversal: the ledger is unique per reason
 * and reference, so a payment's credits are booked, refunded by the operator, or charged back once at most.
 */
export const purchaseRef = (paymentId: number) => `payment:${paymentId}`;
