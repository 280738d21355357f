import { sql, type Kysely } from 'kysely';

/**
 * Indexes for the operator dashboard (features/operator/dashboard-queries.ts): every figure is a
 * range scan on a time column, for all brands or one, GROUP BY day in SQL.
 */
const INDEXES: [name: string, table: string, columns: string[]][] = [
  ['users_created', 'users', ['created_at']],
  ['users_brand_created', 'users', ['brand', 'created_at']],
  ['users_activated', 'users', ['activated_at']],
  ['users_brand_activated', 'users', ['brand', 'activated_at']],
  ['payments_paid', 'payments', ['paid_at', 'currency', 'amount_cents']],
  ['payments_brand_paid', 'payments', ['brand', 'paid_at', 'currency', 'amount_cents']],
  // "Is there an earlier paid payment of this member?" for first purchases.
  ['payments_user_paid', 'payments', ['user_id', 'paid_at']],
];

/**
 * Messages by day number (the expression the query groups by, on both engines): the rows of a day come
 * in order, so GROUP BY day needs no sort of a year of messages, only the distinct senders do.
 */
const MESSAGES_DAY = sql`(created_at / 86400000), sender_id, conversation_id`;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, table, columns] of INDEXES) await db.schema.createIndex(name).on(table).columns(columns).execute();
  await db.schema.createIndex('messages_day').on('messages').expression(MESSAGES_DAY).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
  await db.schema.dropIndex('messages_day').execute();
}
