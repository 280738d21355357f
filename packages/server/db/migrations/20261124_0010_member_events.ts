import type { Kysely } from 'kysely';
import { isPostgres } from './dialect.ts';

/**
 * The durable source of members' live events: one row per event and member, written in the same
 * transaction as the change it reports. `id` grows with every event; for one member the ids also
 * commit in increasing order (see realtime/event-store.ts), so a stream that resumes after an id
 * misses nothing. Rows older than the retention are pruned.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('member_events')
    .$call((t) =>
      isPostgres(db)
        ? t.addColumn('id', 'bigserial', (c) => c.primaryKey())
        : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()),
    )
    .addColumn('member_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** The event's name (its `type`), the SSE `event:` line. */
    .addColumn('type', 'text', (c) => c.notNull())
    /** The event as JSON, exactly as the member's tabs receive it. */
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('member_events_member').on('member_events').columns(['member_id', 'id']).execute();
  await db.schema.createIndex('member_events_created').on('member_events').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('member_events').execute();
}
