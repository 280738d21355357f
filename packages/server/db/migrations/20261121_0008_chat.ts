import type { Kysely } from 'kysely';
import { withIdColumn } from './dialect.ts';

/** Conversations between two members, each member's view of them, and the messages. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('conversations'))
    .addColumn('brand', 'text', (c) => c.notNull())
    /** The two members, lower id first: one conversation per pair. */
    .addColumn('member_a', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('member_b', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('started_by', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_message_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('conversations_pair')
    .on('conversations')
    .columns(['member_a', 'member_b'])
    .unique()
    .execute();
  await db.schema.createIndex('conversations_started_by').on('conversations').column('started_by').execute();

  await db.schema
    .createTable('conversation_members')
    .addColumn('conversation_id', 'integer', (c) => c.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('member_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('unread', 'integer', (c) => c.notNull().defaultTo(0))
    /** Messages up to this time are hidden for the member who deleted the chat (null: none). */
    .addColumn('cleared_at', 'bigint')
    /** 1 while the member has deleted the chat and no newer message arrived. */
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('conversation_members_pk', ['conversation_id', 'member_id'])
    .execute();
  await db.schema
    .createIndex('conversation_members_member')
    .on('conversation_members')
    .columns(['member_id', 'hidden'])
    .execute();

  await withIdColumn(db, db.schema.createTable('messages'))
    .addColumn('conversation_id', 'integer', (c) => c.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('sender_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('body', 'text')
    .addColumn('gift_id', 'text')
    .addColumn('photo_filename', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('messages_conversation').on('messages').columns(['conversation_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('messages').execute();
  await db.schema.dropTable('conversation_members').execute();
  await db.schema.dropTable('conversations').execute();
}
