import type { Kysely } from 'kysely';

/** The member a visitor signed up to contact (/members/{id}/signup): their signup message is for them. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('signup_target_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('signup_target_id').execute();
}
