import type { Kysely } from 'kysely';
import { withIdColumn } from './dialect.ts';

/**
 * SEPA direct debit mandates: what the member entered, the one-time code sent to their phone (only
 * its hash), and the provider's customer and mandate once the code confirmed it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('debit_mandates'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('brand', 'text', (c) => c.notNull())
    /** `pending` until the code confirms it, then `valid`; a newer mandate makes the old one `replaced`. */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('account_holder', 'text', (c) => c.notNull())
    /** Electronic format: upper case, no spaces. */
    .addColumn('iban', 'text', (c) => c.notNull())
    .addColumn('street', 'text', (c) => c.notNull())
    .addColumn('house_number', 'text', (c) => c.notNull())
    .addColumn('zip', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    /** SHA-256 of the one-time code; null once used. */
    .addColumn('code_hash', 'text')
    .addColumn('code_expires_at', 'bigint')
    .addColumn('code_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('provider', 'text')
    .addColumn('provider_customer_id', 'text')
    .addColumn('provider_mandate_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('confirmed_at', 'bigint')
    .execute();
  await db.schema.createIndex('debit_mandates_user').on('debit_mandates').columns(['user_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('debit_mandates').execute();
}
