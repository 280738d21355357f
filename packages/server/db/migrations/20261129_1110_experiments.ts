import type { Kysely } from 'kysely';
import { withIdColumn } from './dialect.ts';

/**
 * Lander experiments (issue 27): per brand, a URL path whose visitors get one of several arms (a lander
 * variant, optionally a niche's copy) by weight. Runtime configuration: the server reads them from
 * here, no rebuild. `winner_arm` is set when an operator sent all traffic to one arm.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('experiments'))
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('winner_arm', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('ended_at', 'bigint')
    .execute();
  await db.schema.createIndex('experiments_brand_status').on('experiments').columns(['brand', 'status']).execute();

  await db.schema
    .createTable('experiment_arms')
    .addColumn('experiment_id', 'integer', (c) => c.notNull().references('experiments.id').onDelete('cascade'))
    .addColumn('arm', 'text', (c) => c.notNull())
    .addColumn('variant', 'text', (c) => c.notNull())
    .addColumn('niche', 'text')
    .addColumn('weight', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('experiment_arms_pk', ['experiment_id', 'arm'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('experiment_arms').execute();
  await db.schema.dropTable('experiments').execute();
}
