import type { Kysely } from 'kysely';

/**
 * E-mail notifications: when each member last had a tab open (the event stream's heartbeat, shared by
 * every instance) and the one-click unsubscribe links (RFC 8058) sent in notification mails.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('member_presence')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    /** Last time one of the member's event streams was open (opened or heartbeat), unix ms. */
    .addColumn('stream_seen_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('unsubscribe_tokens')
    /** SHA-256 of the link's secret: a leaked table cannot unsubscribe anyone. */
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** The notification type the link turns off. */
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('unsubscribe_tokens_user').on('unsubscribe_tokens').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('unsubscribe_tokens').execute();
  await db.schema.dropTable('member_presence').execute();
}
