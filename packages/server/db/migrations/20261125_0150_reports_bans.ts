import type { Kysely } from 'kysely';
import { withIdColumn } from './dialect.ts';

/**
 * Reports and sanctions: notices about members or content (DSA art. 16), from members, visitors or the
 * complaints form, in one queue; a moderator's decision on each; and a member's ban or suspension.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  /** 'ban' or 'suspension' while the member is sanctioned, else null. */
  await db.schema.alterTable('users').addColumn('sanction', 'text').execute();
  await db.schema.alterTable('users').addColumn('sanctioned_at', 'bigint').execute();
  /** When a suspension ends; null for a ban. */
  await db.schema.alterTable('users').addColumn('sanction_ends_at', 'bigint').execute();

  await withIdColumn(db, db.schema.createTable('reports'))
    .addColumn('brand', 'text', (c) => c.notNull())
    /** The member who reported, or null for a visitor (then reporter_email is set). */
    .addColumn('reporter_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reporter_name', 'text')
    .addColumn('reporter_email', 'text')
    /** The reporter's language: the outcome mail is written in it. */
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('reported_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    /** 'profile', 'conversation', 'message' or 'complaint'. */
    .addColumn('context', 'text', (c) => c.notNull())
    .addColumn('context_id', 'integer')
    /** Subject or URL of a complaint. */
    .addColumn('subject', 'text')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('decision', 'text')
    .addColumn('decision_ground', 'text')
    .addColumn('decision_facts', 'text')
    .addColumn('decided_by', 'integer')
    .addColumn('decided_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reports_queue').on('reports').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('reports_reported').on('reports').columns(['reported_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('reports').execute();
  await db.schema.alterTable('users').dropColumn('sanction_ends_at').execute();
  await db.schema.alterTable('users').dropColumn('sanctioned_at').execute();
  await db.schema.alterTable('users').dropColumn('sanction').execute();
}
