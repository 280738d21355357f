import { sql, type Kysely } from 'kysely';

/**
 * Every list of profiles leaves out members pending deletion, banned or suspended (`selectProfiles`:
 * `not exists (… users as gone …)`). With statistics, as autovacuum keeps them, PostgreSQL answered that
 * anti-join by reading the whole `users` table once per query: at 3,500 members 0.8 ms of a search's
 * 1.3 ms (bench/capacity.ts with analysed tables went past 200 ms at 1,500 members). An index of
 * only the members who are gone (a handful) makes it an index-only scan of almost nothing, whatever
 * the table's size; SQLite, which looks each profile up by rowid, may read it too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index users_gone on users (id) where deletion_requested_at is not null or sanction is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_gone').execute();
}
