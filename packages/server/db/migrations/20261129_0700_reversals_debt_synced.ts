import type { Kysely } from 'kysely';

/**
 * `credits_unrecovered`: the credits a refund or chargeback made at the provider could not take back
 * because the member had spent them — a debt their next purchase settles (credit-debt.ts).
 * `synced_at`: when the provider last confirmed the payment's final state, so a webhook replayed soon
 * after skips the provider's call and a sync is scheduled for the end of the quiet window instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('payments')
    .addColumn('credits_unrecovered', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('payments').addColumn('synced_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').dropColumn('synced_at').execute();
  await db.schema.alterTable('payments').dropColumn('credits_unrecovered').execute();
}
