import type { Kysely } from 'kysely';

/**
 * Indexes for the member search (measured by bench/search.ts over 100,000 members): one to filter by
 * gender and age, one to walk the newest members first; both lead with brand and visibility.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('profiles_search').execute();
  await db.schema
    .createIndex('profiles_search_filter')
    .on('profiles')
    // country and region ride along so that filtering and counting never touch the table.
    .columns(['brand', 'status', 'invisible', 'gender', 'birth_date', 'country', 'region'])
    .execute();
  await db.schema
    .createIndex('profiles_search_recent')
    .on('profiles')
    .columns(['brand', 'status', 'invisible', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('profiles_search_recent').execute();
  await db.schema.dropIndex('profiles_search_filter').execute();
  await db.schema
    .createIndex('profiles_search')
    .on('profiles')
    .columns(['status', 'country', 'gender', 'birth_date'])
    .execute();
}
