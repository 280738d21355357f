import type { Kysely } from 'kysely';

/**
 * The VAT contained in each payment's VAT-inclusive amount, fixed when the payment is created at the
 * rate of the member's country (packages/runtime/data/vat-rates.ts): the rate in hundredths of a
 * percent, the net and the VAT in whole cents. Null for payments made before, and for countries
 * without VAT: their receipts show the total only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').addColumn('vat_rate_bp', 'integer').execute();
  await db.schema.alterTable('payments').addColumn('net_cents', 'integer').execute();
  await db.schema.alterTable('payments').addColumn('vat_cents', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').dropColumn('vat_cents').execute();
  await db.schema.alterTable('payments').dropColumn('net_cents').execute();
  await db.schema.alterTable('payments').dropColumn('vat_rate_bp').execute();
}
