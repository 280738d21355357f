import type { Kysely } from 'kysely';
import { withIdColumn } from './dialect.ts';

/**
 * Web push subscriptions (spec §7, POST /api/user.php?push=1): one row per browser a member turned
 * push on in; the endpoint is the push service's address for that browser and unique across members.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('push_subscriptions'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    /** The browser's P-256 public key (base64url) and auth secret the payload is encrypted for (RFC 8291). */
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_subscriptions_user').on('push_subscriptions').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('push_subscriptions').execute();
}
