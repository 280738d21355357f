import { sql, type Kysely } from 'kysely';

/**
 * Read receipts and the presence setting of the chat.
 * `conversation_members.seen_message_id`: the newest message of the conversation the member had on
 * screen (the partner's thread shows "Seen" under their own messages up to it). Conversations already
 * read (no unread messages) start as seen up to their newest message.
 * `profiles.hide_presence`: the member turned off showing others when they are online or were active today.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('conversation_members').addColumn('seen_message_id', 'integer').execute();
  await sql`update conversation_members set seen_message_id = (
      select max(m.id) from messages m where m.conversation_id = conversation_members.conversation_id
    ) where unread = 0`.execute(db);
  await db.schema
    .alterTable('profiles')
    .addColumn('hide_presence', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('profiles').dropColumn('hide_presence').execute();
  await db.schema.alterTable('conversation_members').dropColumn('seen_message_id').execute();
}
