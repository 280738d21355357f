import type { Kysely } from 'kysely';
import { withIdColumn } from './dialect.ts';

/**
 * Conversion postbacks to affiliate networks (features/postbacks/).
 *
 * `postback_configs`: a marketer's URL template per brand and network, for a subset of the events
 * soi, doi, sale and reversal (comma-separated in `events`). `hold = 0` sends SOI postbacks even for
 * signups the traffic-quality score flags (networks that scrub traffic themselves). Removing a
 * config stamps `removed_at`: its deliveries stay readable in the console.
 *
 * `postback_deliveries`: one row per config, event, member and order (`order_key`: the payment's id
 * for sale and reversal, 0 otherwise), unique, written in the transaction of the conversion itself, so
 * each conversion is posted back exactly once. `conversion_id` is an opaque random id the network
 * sees instead of anything about the member. `url` is the rendered template.
 *
 * `postback_attempts`: every request sent for a delivery (time, status code, duration, error).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('postback_configs'))
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('url_template', 'text', (c) => c.notNull())
    .addColumn('hold', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('removed_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('postback_configs_brand_network')
    .on('postback_configs')
    .columns(['brand', 'network'])
    .execute();

  await withIdColumn(db, db.schema.createTable('postback_deliveries'))
    .addColumn('config_id', 'integer', (c) => c.notNull().references('postback_configs.id'))
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('order_key', 'integer', (c) => c.notNull())
    .addColumn('conversion_id', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .addColumn('decided_at', 'bigint')
    .addColumn('decided_by', 'text')
    .addUniqueConstraint('postback_deliveries_once', ['config_id', 'event', 'user_id', 'order_key'])
    .execute();
  await db.schema
    .createIndex('postback_deliveries_brand_status')
    .on('postback_deliveries')
    .columns(['brand', 'status', 'created_at'])
    .execute();
  await db.schema.createIndex('postback_deliveries_user').on('postback_deliveries').column('user_id').execute();

  await withIdColumn(db, db.schema.createTable('postback_attempts'))
    .addColumn('delivery_id', 'integer', (c) => c.notNull().references('postback_deliveries.id').onDelete('cascade'))
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('error', 'text')
    .execute();
  await db.schema.createIndex('postback_attempts_delivery').on('postback_attempts').column('delivery_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('postback_attempts').execute();
  await db.schema.dropTable('postback_deliveries').execute();
  await db.schema.dropTable('postback_configs').execute();
}
