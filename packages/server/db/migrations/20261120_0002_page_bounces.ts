import type { Kysely } from 'kysely';
import { withIdColumn } from './dialect.ts';

/** Lander visits that ended with the page hidden (spec §7 page-hidden.php, query flag lb). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('page_bounces'))
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('network', 'text')
    .addColumn('ref', 'text')
    .addColumn('sub1', 'text')
    .addColumn('sub2', 'text')
    .addColumn('sub3', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('page_bounces_brand_time').on('page_bounces').columns(['brand', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('page_bounces').execute();
}
