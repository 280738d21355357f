import type { Kysely } from 'kysely';

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
  // Covers the day, the sender and the conversation: the messages table itself is never read.
  ['messages_created', 'messages', ['created_at', 'sender_id', 'conversation_id']],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, table, columns] of INDEXES) await db.schema.createIndex(name).on(table).columns(columns).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
}
