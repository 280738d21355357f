/** The payment the buyer came back from the provider's checkout with (`?payment=<id>`), or null. */
export function returnedPaymentId(search: string): number | null {
  const id = Number(new URLSearchParams(search).get('payment'));
  return Number.isInteger(id) && id > 0 ? id : null;
}
