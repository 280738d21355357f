import type { Kysely } from 'kysely';

/**
 * Digest mails (unread-message reminders, weekly updates): one row per member, kind and period,
 * claimed before the mail goes out, so that two instances or a sweep run again after a restart never
 * send the same digest twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('digest_mails')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** `unread_reminder` or `weekly_update`. */
    .addColumn('kind', 'text', (c) => c.notNull())
    /** Reminders: the newest unread activity covered (unix ms, as text); weekly updates: the ISO week (2026-W48). */
    .addColumn('period', 'text', (c) => c.notNull())
    /** Reminders: the newest unread conversation activity the mail covered, so the same messages are not reminded again. */
    .addColumn('covers_until', 'bigint')
    /** 0 when there was nothing to say (the period is handled, no mail went out). */
    .addColumn('sent', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('digest_mails_pk', ['user_id', 'kind', 'period'])
    .execute();
  await db.schema.createIndex('digest_mails_kind_time').on('digest_mails').columns(['kind', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('digest_mails').execute();
}
