import type { Kysely } from 'kysely';
import { withIdColumn } from './dialect.ts';

/**
 * Traffic quality (features/postbacks/signup-quality.ts).
 *
 * `signup_quality`: each signup's score (0–100) and its reasons (comma-separated), written in the
 * signup's transaction; `flagged` when the score reached the brand's `traffic_hold_score` then (its SOI
 * postbacks are held where the config holds); `blocked` when its source was blocked then (never posted back); `ip_block`:
 * the address's /24 (IPv4) or /48 (IPv6), to count signups from one network block.
 *
 * `traffic_blocks`: sources a marketer blocked per brand: a `network`, optionally only one `sub1` of it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('signup_quality')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('reasons', 'text', (c) => c.notNull())
    .addColumn('flagged', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('blocked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ip_block', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('signup_quality_ip_block')
    .on('signup_quality')
    .columns(['brand', 'ip_block', 'created_at'])
    .execute();

  await withIdColumn(db, db.schema.createTable('traffic_blocks'))
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('sub1', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('removed_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('traffic_blocks_brand_network')
    .on('traffic_blocks')
    .columns(['brand', 'network'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('traffic_blocks').execute();
  await db.schema.dropTable('signup_quality').execute();
}
