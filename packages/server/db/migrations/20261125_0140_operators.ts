import type { Kysely } from 'kysely';
import { withIdColumn } from './dialect.ts';

/**
 * The operator console (docs/operator-console.md): staff accounts apart from members, their sessions,
 * the audit log of every action (insert-only: no route updates or deletes it) and staff notes on members.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('operators'))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    /** Base32 TOTP secret; shown once by `datekit operators add` and as a QR code at the first login. */
    .addColumn('totp_secret', 'text', (c) => c.notNull())
    .addColumn('totp_enrolled_at', 'bigint')
    /** The last accepted TOTP time step: a code is never accepted twice. */
    .addColumn('totp_last_step', 'bigint')
    /** The password step's proof, hashed; the TOTP step must present it before it expires. */
    .addColumn('challenge_hash', 'text')
    .addColumn('challenge_expires_at', 'bigint')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_login_at', 'bigint')
    .execute();

  await db.schema
    .createTable('operator_sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('operator_id', 'integer', (c) => c.notNull().references('operators.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();

  await withIdColumn(db, db.schema.createTable('operator_audit'))
    /** Null for the command line (`datekit operators add`); the e-mail stays readable either way. */
    .addColumn('operator_id', 'integer')
    .addColumn('operator_email', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text')
    .addColumn('target_id', 'text')
    .addColumn('reason', 'text')
    /** JSON with what the action changed (amount, photo id, code…). */
    .addColumn('details', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('operator_audit_target')
    .on('operator_audit')
    .columns(['target_type', 'target_id'])
    .execute();

  await withIdColumn(db, db.schema.createTable('operator_notes'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('operator_id', 'integer', (c) => c.notNull().references('operators.id'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('operator_notes_user').on('operator_notes').columns(['user_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('operator_notes').execute();
  await db.schema.dropTable('operator_audit').execute();
  await db.schema.dropTable('operator_sessions').execute();
  await db.schema.dropTable('operators').execute();
}
