import type { Services } from '../../services.ts';

/**
 * After a charge on a stored mandate (a card's or a SEPA one) was refused or failed: whether the
 * provider still calls the mandate usable. A provider that cannot be asked now keeps it (logged), so a
 * passing outage never throws away a member's card or mandate.
 */
export async function mandateStillUsable(
  services: Services,
  mandate: { customerId: string; mandateId: string; kind: 'card' | 'debit' },
): Promise<boolean> {
  return services.payments.mandateUsable(mandate.customerId, mandate.mandateId).catch((error: unknown) => {
    services.log.error(
      { err: error, mandate_id: mandate.mandateId },
      `${mandate.kind} mandate status not fetched from the provider`,
    );
    return true;
  });
}
