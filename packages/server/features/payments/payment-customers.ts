import { ApiError } from '../../errors/api-error.ts';
import type { Services } from '../../services.ts';
import type { CurrentMember } from '../users/current-member.ts';

/**
 * The member's customer at the provider (Mollie: `cst_…`), made on their first card payment and kept:
 * a first payment for a customer leaves the card as a mandate, which a repeat order charges. Two
 * first payments at once may both ask the provider; the primary key keeps one, and both use it.
 */
export async function memberCustomer(services: Services, member: CurrentMember): Promise<string> {
  const provider = services.payments;
  const stored = () =>
    services.db
      .selectFrom('payment_customers')
      .select('customer_id')
      .where('user_id', '=', member.id)
      .where('provider', '=', provider.name)
      .executeTakeFirst();
  const known = await stored();
  if (known) return known.customer_id;
  const { customerId } = await provider
    .createCustomer({ name: member.name, email: member.email, reference: `DK-U${member.id}` })
    .catch((error: unknown) => {
      services.log.error({ err: error, user_id: member.id }, 'payment provider refused a customer');
      throw new ApiError('payment_unavailable');
    });
  await services.db
    .insertInto('payment_customers')
    .values({ user_id: member.id, provider: provider.name, customer_id: customerId, created_at: services.now() })
    .onConflict((oc) => oc.columns(['user_id', 'provider']).doNothing())
    .execute();
  return (await stored())?.customer_id ?? customerId;
}
