import { sql, type Kysely } from 'kysely';

/**
 * Media are served by looking the requested file up (`/media/*` answers only viewers the photo
 * rules allow), so every stored file name is indexed. A chat photo's blurred version gets its own
 * column: its name is no longer derived from the full file's. Rows written before this keep their
 * derived names until `rekeyLegacyMedia` (run after migrating) gives each file a random one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('photo_blurred_filename', 'text').execute();
  await sql`update messages set photo_blurred_filename = replace(photo_filename, '.webp', '-blur.webp')
    where photo_filename is not null`.execute(db);
  for (const column of ['filename', 'thumb_filename', 'match_filename', 'blurred_filename']) {
    await db.schema.createIndex(`photos_${column}`).on('photos').column(column).execute();
  }
  for (const column of ['photo_filename', 'photo_blurred_filename']) {
    await db.schema.createIndex(`messages_${column}`).on('messages').column(column).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['photo_filename', 'photo_blurred_filename']) {
    await db.schema.dropIndex(`messages_${column}`).execute();
  }
  for (const column of ['filename', 'thumb_filename', 'match_filename', 'blurred_filename']) {
    await db.schema.dropIndex(`photos_${column}`).execute();
  }
  await db.schema.alterTable('messages').dropColumn('photo_blurred_filename').execute();
}
