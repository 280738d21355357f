import type { Kysely } from 'kysely';

const COLUMNS = ['brand', 'status', 'invisible', 'gender', 'birth_date', 'country', 'region'] as const;

/**
 * The search's count reads `p.id` (the viewer and members blocked either way are left out), which
 * `profiles_search_filter` did not hold on PostgreSQL: every match cost a visit to the table, and
 * with 1,000,000 members a count of 1,001 that skipped 11,000 rows of other countries took 25 ms warm
 * and 200 ms cold (bench/members-scale.ts). With `id` last the count is an index-only scan. On SQLite
 * every index already ends with the rowid, which `id` is; the column only repeats it there.
 * The new index is built before the old one goes, so searches are never without one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('profiles_search_covering')
    .on('profiles')
    .columns([...COLUMNS, 'id'])
    .execute();
  await db.schema.dropIndex('profiles_search_filter').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('profiles_search_filter')
    .on('profiles')
    .columns([...COLUMNS])
    .execute();
  await db.schema.dropIndex('profiles_search_covering').execute();
}
