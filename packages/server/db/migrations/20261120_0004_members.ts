import type { Kysely } from 'kysely';

/** Profile choices (spec §3), invisible mode, interests, likes and blocks. */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of [
    'sexuality',
    'relationship_status',
    'hair_colour',
    'eye_colour',
    'body_type',
    'tattoos',
    'signup_reason',
  ]) {
    await db.schema.alterTable('profiles').addColumn(column, 'text').execute();
  }
  await db.schema
    .alterTable('profiles')
    .addColumn('invisible', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('profile_interests')
    .addColumn('profile_id', 'integer', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('interest_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('profile_interests_pk', ['profile_id', 'interest_id'])
    .execute();

  await db.schema
    .createTable('likes')
    .addColumn('liker_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('liked_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    /** 1 until the liked member opens the liker's profile (spec §4). */
    .addColumn('is_new', 'integer', (c) => c.notNull().defaultTo(1))
    /** Where the like came from: a profile, or the swipe game (which has a daily limit). */
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('profile'))
    .addPrimaryKeyConstraint('likes_pk', ['liker_id', 'liked_id'])
    .execute();
  await db.schema.createIndex('likes_received').on('likes').columns(['liked_id', 'is_new', 'created_at']).execute();
  await db.schema.createIndex('likes_swipes').on('likes').columns(['liker_id', 'source', 'created_at']).execute();

  await db.schema
    .createTable('blocks')
    .addColumn('blocker_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('blocked_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('blocks_pk', ['blocker_id', 'blocked_id'])
    .execute();
  await db.schema.createIndex('blocks_blocked').on('blocks').column('blocked_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('blocks').execute();
  await db.schema.dropTable('likes').execute();
  await db.schema.dropTable('profile_interests').execute();
  for (const column of [
    'invisible',
    'signup_reason',
    'tattoos',
    'body_type',
    'eye_colour',
    'hair_colour',
    'relationship_status',
    'sexuality',
  ]) {
    await db.schema.alterTable('profiles').dropColumn(column).execute();
  }
}
