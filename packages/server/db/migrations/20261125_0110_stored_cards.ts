import type { Kysely } from 'kysely';
import { withIdColumn } from './dialect.ts';

/**
 * Stored cards for one-click repeat orders, and the reservation that lets a `once` discount code be
 * used by one payment in total.
 *
 * - `payment_customers`: the provider's customer for a member (Mollie: `cst_…`), made for the first
 *   card payment so that it leaves a mandate.
 * - `card_mandates`: the card mandate a paid first card payment left (`Visa •••• 4242`).
 * - `sandbox_payments` learns the customer, mandate and sequence type, as a real provider keeps them.
 * - `discount_reservations`: one row per `once` code, taken in the transaction that records the
 *   payment; the unique key lets only one payment hold it. Released when that payment fails,
 *   is cancelled or expires.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payment_customers')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('payment_customers_pk', ['user_id', 'provider'])
    .execute();

  await withIdColumn(db, db.schema.createTable('card_mandates'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_customer_id', 'text', (c) => c.notNull())
    .addColumn('provider_mandate_id', 'text', (c) => c.notNull())
    /** What the member sees, e.g. `Visa •••• 4242`: the scheme and the last four digits only. */
    .addColumn('label', 'text', (c) => c.notNull())
    /** `valid`, or `replaced` once a newer card is stored. */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('card_mandates_provider_id')
    .on('card_mandates')
    .columns(['provider', 'provider_mandate_id'])
    .unique()
    .execute();
  await db.schema.createIndex('card_mandates_user').on('card_mandates').columns(['user_id', 'id']).execute();

  await db.schema.alterTable('sandbox_payments').addColumn('sequence_type', 'text').execute();
  await db.schema.alterTable('sandbox_payments').addColumn('customer_id', 'text').execute();
  await db.schema.alterTable('sandbox_payments').addColumn('mandate_id', 'text').execute();

  await db.schema
    .createTable('discount_reservations')
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('payment_id', 'integer', (c) => c.notNull().references('payments.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('discount_reservations_pk', ['brand', 'code'])
    .execute();
  await db.schema
    .createIndex('discount_reservations_payment')
    .on('discount_reservations')
    .column('payment_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('discount_reservations').execute();
  await db.schema.alterTable('sandbox_payments').dropColumn('mandate_id').execute();
  await db.schema.alterTable('sandbox_payments').dropColumn('customer_id').execute();
  await db.schema.alterTable('sandbox_payments').dropColumn('sequence_type').execute();
  await db.schema.dropTable('card_mandates').execute();
  await db.schema.dropTable('payment_customers').execute();
}
