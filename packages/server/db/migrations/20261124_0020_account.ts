import type { Kysely } from 'kysely';

/**
 * Account lifecycle: pending deletion and erasure, single-use account links (e-mail change,
 * reactivation), notification preferences and the reasons e-mail to a member is switched off.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('deletion_requested_at', 'bigint').execute();
  await db.schema.alterTable('users').addColumn('erased_at', 'bigint').execute();

  await db.schema
    .createTable('account_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    /** The address a mail_change token confirms; null for other kinds. */
    .addColumn('new_email', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('account_tokens_user').on('account_tokens').columns(['user_id', 'kind']).execute();

  await db.schema
    .createTable('notification_preferences')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_preferences_pk', ['user_id', 'type'])
    .execute();

  await db.schema
    .createTable('mail_suppressions')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('mail_suppressions_pk', ['user_id', 'reason'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mail_suppressions').execute();
  await db.schema.dropTable('notification_preferences').execute();
  await db.schema.dropTable('account_tokens').execute();
  await db.schema.alterTable('users').dropColumn('erased_at').execute();
  await db.schema.alterTable('users').dropColumn('deletion_requested_at').execute();
}
