import type { Kysely } from 'kysely';
import { withIdColumn } from './dialect.ts';

/** The job queue (packages/server/jobs): scheduled work that survives restarts and runs once. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('jobs'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    /** At most one queued or running job per key (e.g. one erasure per member); null: no such limit. */
    .addColumn('unique_key', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('run_at', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    /** While running: the lease; a job whose lease ran out (its runner died) is claimed again. */
    .addColumn('locked_until', 'bigint')
    .addColumn('locked_by', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema.createIndex('jobs_due').on('jobs').columns(['status', 'run_at']).execute();
  await db.schema.createIndex('jobs_unique_key').on('jobs').column('unique_key').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('jobs').execute();
}
