import type { Kysely } from 'kysely';

/**
 * Operators enrol their authenticator with a one-time code that `datekit operators add|enrol-code`
 * prints (stored hashed, expiring), never with the password alone. A push subscription remembers the
 * member session that stored it, so that logging out of that session forgets the browser's
 * subscription and the next member there gets none of the last one's pushes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('operators').addColumn('enrol_code_hash', 'text').execute();
  await db.schema.alterTable('operators').addColumn('enrol_code_expires_at', 'bigint').execute();
  await db.schema.alterTable('push_subscriptions').addColumn('session_hash', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('push_subscriptions').dropColumn('session_hash').execute();
  await db.schema.alterTable('operators').dropColumn('enrol_code_expires_at').execute();
  await db.schema.alterTable('operators').dropColumn('enrol_code_hash').execute();
}
