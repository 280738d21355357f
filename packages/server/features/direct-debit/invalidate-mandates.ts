import type { Services } from '../../services.ts';
import { mandateStillUsable } from '../payments/mandate-usable.ts';

/**
 * After a debit failed: asks the provider whether each of the member's valid mandates with it can
 * still be debited, and marks the ones it calls unusable (Mollie: status `invalid`, or gone: a closed
 * account, a mandate the member's bank revoked) `invalid`, so neither the direct debit page nor the
 * repeat order offers them again and the member confirms a new one. A one-off failure (no funds)
 * keeps the mandate; so does a provider that cannot be asked now. Answers how many were invalidated.
 */
export async function invalidateUnusableMandates(services: Services, userId: number): Promise<number> {
  const mandates = await services.db
    .selectFrom('debit_mandates')
    .select(['id', 'provider_customer_id', 'provider_mandate_id'])
    .where('user_id', '=', userId)
    .where('status', '=', 'valid')
    .where('provider', '=', services.payments.name)
    .execute();
  let invalidated = 0;
  for (const mandate of mandates) {
    if (!mandate.provider_customer_id || !mandate.provider_mandate_id) continue;
    const usable = await mandateStillUsable(services, {
      customerId: mandate.provider_customer_id,
      mandateId: mandate.provider_mandate_id,
      kind: 'debit',
    });
    if (usable) continue;
    await services.db
      .updateTable('debit_mandates')
      .set({ status: 'invalid' })
      .where('id', '=', mandate.id)
      .where('status', '=', 'valid')
      .execute();
    invalidated += 1;
  }
  return invalidated;
}
