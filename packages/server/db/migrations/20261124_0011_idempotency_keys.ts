import type { Kysely } from 'kysely';
import { withIdColumn } from './dialect.ts';

/**
 * Idempotency keys of writes (the `Idempotency-Key` header): one row per member or session, route and
 * key, claimed before the action runs; the unique index lets exactly one request claim a key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('idempotency_keys'))
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('locked_at', 'bigint', (c) => c.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('idempotency_keys_scope_route_key')
    .on('idempotency_keys')
    .columns(['scope', 'route', 'key'])
    .unique()
    .execute();
  await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
}
