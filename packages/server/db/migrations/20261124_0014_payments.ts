import type { Kysely } from 'kysely';
import { withIdColumn } from './dialect.ts';

/**
 * Payments for credit bundles, the sandbox provider's own record of its checkouts, and operator
 * discount codes. Amounts are whole cents.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('payments'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    /** The provider's id (`tr_…`); null only between our insert and the provider's answer. */
    .addColumn('provider_payment_id', 'text')
    .addColumn('bundle_id', 'text', (c) => c.notNull())
    .addColumn('credits', 'integer', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    /** The bundle's price before the discount, for the receipt's struck-through line. */
    .addColumn('list_amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('discount_code', 'text')
    .addColumn('discount_percent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('checkout_url', 'text')
    /** The site origin the member paid on: links in the receipt point there. */
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('paid_at', 'bigint')
    .addColumn('refunded_at', 'bigint')
    /** Credits taken back by a refund or chargeback. */
    .addColumn('credits_reversed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('refunded_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('payments_provider_id')
    .on('payments')
    .columns(['provider', 'provider_payment_id'])
    .unique()
    .execute();
  await db.schema.createIndex('payments_user').on('payments').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('sandbox_payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('redirect_url', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    /** For "pending, then paid": the moment the pending payment counts as paid. */
    .addColumn('settles_at', 'bigint')
    .addColumn('refunded_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('charged_back', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await withIdColumn(db, db.schema.createTable('discount_codes'))
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('value_percentage', 'integer', (c) => c.notNull())
    .addColumn('minimum_order_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('country', 'text')
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'bigint')
    .addColumn('currency', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('validity', 'text', (c) => c.notNull())
    /** Comma-separated payment methods the code is valid for; null: every method. */
    .addColumn('payment_methods', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('discount_codes_code').on('discount_codes').columns(['brand', 'code']).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('discount_codes').execute();
  await db.schema.dropTable('sandbox_payments').execute();
  await db.schema.dropTable('payments').execute();
}
