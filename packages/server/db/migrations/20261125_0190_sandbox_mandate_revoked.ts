import type { Kysely } from 'kysely';

/**
 * The sandbox provider's card mandates can be revoked (`revokeMandate`, as a card holder or their bank
 * does with a real provider), so its recurring charges can be refused: `mandate_revoked_at` on the
 * first payment that left the mandate. Stored cards already have `card_mandates.status`, text, which
 * now also takes `invalid` (the provider refused a charge and calls the mandate unusable).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sandbox_payments').addColumn('mandate_revoked_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sandbox_payments').dropColumn('mandate_revoked_at').execute();
}
