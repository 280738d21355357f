import type { Kysely } from 'kysely';

/**
 * The dashboard's daily roll-up (features/operator/dashboard-rollup.ts): per UTC day number
 * (`time / 86400000`) and brand, the figures the dashboard would otherwise count from a year of raw
 * rows per request. The tables start empty; the recurring roll-up job fills them, history included,
 * in batches of days, so this migration is instant on a big database.
 */
const TRACKING = ['network', 'ref', 'sub1', 'sub2', 'sub3'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  // The days rolled up (a contiguous run of days); a batch locks its days' rows here first, so two runs
  // of the job never interleave on a day.
  await db.schema
    .createTable('dashboard_days')
    .addColumn('day', 'integer', (c) => c.primaryKey())
    .addColumn('rolled_at', 'bigint', (c) => c.notNull())
    .execute();

  // Per day and brand; brand '' holds every brand (distinct senders and first purchases do not add up).
  await db.schema
    .createTable('dashboard_daily')
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('signups', 'integer', (c) => c.notNull())
    .addColumn('activations', 'integer', (c) => c.notNull())
    .addColumn('messages', 'integer', (c) => c.notNull())
    .addColumn('senders', 'integer', (c) => c.notNull())
    .addColumn('first_purchases', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('dashboard_daily_pk', ['brand', 'day'])
    .execute();
  await db.schema.createIndex('dashboard_daily_day').on('dashboard_daily').column('day').execute();

  // Paid payments per day, brand and currency (every brand: the sum over brands).
  await db.schema
    .createTable('dashboard_daily_payments')
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('payments', 'integer', (c) => c.notNull())
    .addColumn('cents', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('dashboard_daily_payments_pk', ['brand', 'day', 'currency'])
    .execute();
  await db.schema.createIndex('dashboard_daily_payments_day').on('dashboard_daily_payments').column('day').execute();

  // Signups per day, brand and tracking (null tracking values stay null: no primary key; the job
  // replaces a day's rows under the dashboard_days lock). Covering indexes: the query reads no table row.
  await db.schema
    .createTable('dashboard_signup_tracking')
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('network', 'text')
    .addColumn('ref', 'text')
    .addColumn('sub1', 'text')
    .addColumn('sub2', 'text')
    .addColumn('sub3', 'text')
    .addColumn('signups', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('dashboard_signup_tracking_day')
    .on('dashboard_signup_tracking')
    .columns(['day', ...TRACKING, 'signups'])
    .execute();
  await db.schema
    .createIndex('dashboard_signup_tracking_brand_day')
    .on('dashboard_signup_tracking')
    .columns(['brand', 'day', ...TRACKING, 'signups'])
    .execute();

  // Paid payments per day, brand, payer's tracking and currency.
  await db.schema
    .createTable('dashboard_revenue_tracking')
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('network', 'text')
    .addColumn('ref', 'text')
    .addColumn('sub1', 'text')
    .addColumn('sub2', 'text')
    .addColumn('sub3', 'text')
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('payments', 'integer', (c) => c.notNull())
    .addColumn('cents', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('dashboard_revenue_tracking_day')
    .on('dashboard_revenue_tracking')
    .columns(['day', ...TRACKING, 'currency', 'payments', 'cents'])
    .execute();
  await db.schema
    .createIndex('dashboard_revenue_tracking_brand_day')
    .on('dashboard_revenue_tracking')
    .columns(['brand', 'day', ...TRACKING, 'currency', 'payments', 'cents'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'dashboard_revenue_tracking',
    'dashboard_signup_tracking',
    'dashboard_daily_payments',
    'dashboard_daily',
    'dashboard_days',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
