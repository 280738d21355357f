import type { Kysely } from 'kysely';
import { withIdColumn } from './dialect.ts';

/**
 * The operator console's member page (docs/operator-console.md): every sign-in of a member, successful
 * or not, kept 180 days; and every ban or suspension with who imposed it and how it ended, so the page
 * shows the current sanction and the past ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('member_sign_ins'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('at', 'bigint', (c) => c.notNull())
    /** 'password', 'signup', 'activation_link', 'password_reset', 'reactivation_link', 'reactivation_password'. */
    .addColumn('method', 'text', (c) => c.notNull())
    /** 'ok', or why it failed: 'wrong_password', 'blocked', 'banned', 'suspended', 'pending_deletion'. */
    .addColumn('outcome', 'text', (c) => c.notNull())
    /** The client's address cut to its network: IPv4 /24 (a.b.c.0), IPv6 /48 (a:b:c::). */
    .addColumn('ip_prefix', 'text')
    /** A short browser / system summary of the User-Agent ("Firefox on Windows"), never the full header. */
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('member_sign_ins_user').on('member_sign_ins').columns(['user_id', 'at']).execute();
  await db.schema.createIndex('member_sign_ins_at').on('member_sign_ins').columns(['at']).execute();

  await withIdColumn(db, db.schema.createTable('member_sanctions'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** 'ban' or 'suspension'. */
    .addColumn('sanction', 'text', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    /** A suspension's planned end; null for a ban. */
    .addColumn('ends_at', 'bigint')
    /** The operator who imposed it (null: no operator, e.g. a script). */
    .addColumn('operator_id', 'integer')
    .addColumn('report_id', 'integer')
    .addColumn('ground', 'text')
    .addColumn('facts', 'text')
    /** When it stopped: lifted by an operator, expired, or replaced by a newer sanction; null while it runs. */
    .addColumn('ended_at', 'bigint')
    /** 'lifted', 'expired' or 'replaced'. */
    .addColumn('ended_how', 'text')
    .addColumn('ended_by', 'integer')
    .addColumn('end_reason', 'text')
    .execute();
  await db.schema.createIndex('member_sanctions_user').on('member_sanctions').columns(['user_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('member_sanctions').execute();
  await db.schema.dropTable('member_sign_ins').execute();
}
