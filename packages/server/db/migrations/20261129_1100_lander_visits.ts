import type { Kysely } from 'kysely';

/**
 * Where a member came from (issue 27): the lander a signup came through, beside its tracking
 * parameters, and lander visits counted per UTC day number (`time / 86400000`), brand, variant, niche,
 * experiment arm, `network` and `sub1`. The visit keys are '' / 0 rather than null so that one
 * `on conflict … do update` adds a batch of counts on both engines (null never conflicts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('lander_variant', 'text').execute();
  await db.schema.alterTable('users').addColumn('lander_niche', 'text').execute();
  await db.schema.alterTable('users').addColumn('experiment_id', 'integer').execute();
  await db.schema.alterTable('users').addColumn('experiment_arm', 'text').execute();
  // An experiment's stats read its signups (the funnel report reads by brand and day: users_brand_created).
  await db.schema.createIndex('users_experiment').on('users').columns(['experiment_id', 'experiment_arm']).execute();

  await db.schema
    .createTable('lander_visits')
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('variant', 'text', (c) => c.notNull())
    .addColumn('niche', 'text', (c) => c.notNull())
    .addColumn('experiment_id', 'integer', (c) => c.notNull())
    .addColumn('arm', 'text', (c) => c.notNull())
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('sub1', 'text', (c) => c.notNull())
    .addColumn('visits', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('lander_visits_pk', [
      'brand',
      'day',
      'variant',
      'niche',
      'experiment_id',
      'arm',
      'network',
      'sub1',
    ])
    .execute();
  await db.schema
    .createIndex('lander_visits_experiment')
    .on('lander_visits')
    .columns(['experiment_id', 'arm'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('lander_visits').execute();
  await db.schema.dropIndex('users_experiment').execute();
  for (const column of ['experiment_arm', 'experiment_id', 'lander_niche', 'lander_variant'])
    await db.schema.alterTable('users').dropColumn(column).execute();
}
