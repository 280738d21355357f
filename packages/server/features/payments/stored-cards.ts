import type { Db } from '../../db/database.ts';
import type { Services } from '../../services.ts';
import type { StoredMandate } from './provider.ts';
import { mandateStillUsable } from './mandate-usable.ts';

/**
 * Keeps the card mandate a paid first card payment left, as the member's card for repeat orders; a
 * newer card replaces the older one. Runs in the transaction that books the payment: the provider's
 * mandate id is unique, so any number of webhook calls store it once.
 */
export async function storeCard(
  trx: Db,
  entry: { userId: number; provider: string; mandate: StoredMandate; at: number },
): Promise<void> {
  const stored = await trx
    .insertInto('card_mandates')
    .values({
      user_id: entry.userId,
      provider: entry.provider,
      provider_customer_id: entry.mandate.customerId,
      provider_mandate_id: entry.mandate.mandateId,
      label: entry.mandate.label,
      status: 'valid',
      created_at: entry.at,
    })
    .onConflict((oc) => oc.columns(['provider', 'provider_mandate_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!stored) return;
  await trx
    .updateTable('card_mandates')
    .set({ status: 'replaced' })
    .where('user_id', '=', entry.userId)
    .where('provider', '=', entry.provider)
    .where('status', '=', 'valid')
    .where('id', '!=', stored.id)
    .execute();
}

/** The member's stored card with this provider, newest first, or undefined. Only the owner's own rows. */
export async function storedCard(db: Db, userId: number, provider: string) {
  return db
    .selectFrom('card_mandates')
    .select(['id', 'provider_customer_id', 'provider_mandate_id', 'label', 'created_at'])
    .where('user_id', '=', userId)
    .where('provider', '=', provider)
    .where('status', '=', 'valid')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * After the provider refused or failed a recurring charge on a stored card: asks the provider whether
 * the card's mandate is still usable, and if not marks the card `invalid`, so the repeat order no
 * longer offers it (the member pays through a checkout again, which stores a new card). A one-off
 * decline keeps the card. A provider that cannot be asked keeps it too; answers whether it was invalidated.
 */
export async function invalidateUnusableCard(
  services: Services,
  card: { id: number; provider_customer_id: string; provider_mandate_id: string },
): Promise<boolean> {
  const usable = await mandateStillUsable(services, {
    customerId: card.provider_customer_id,
    mandateId: card.provider_mandate_id,
    kind: 'card',
  });
  if (usable) return false;
  await services.db.updateTable('card_mandates').set({ status: 'invalid' }).where('id', '=', card.id).execute();
  return true;
}
