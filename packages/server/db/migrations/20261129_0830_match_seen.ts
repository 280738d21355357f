import { sql, type Kysely } from 'kysely';

/**
 * `likes.match_seen_at`: when the liker saw the "It's a Match" moment with the member they liked (the
 * row of the member's own like carries the member's own seen state). Null while a match is unseen, so a
 * member who was offline meets the moment on her next page. Matches made before this migration count as
 * seen: nobody meets a pile of old matches at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('likes').addColumn('match_seen_at', 'bigint').execute();
  await sql`update likes set match_seen_at = created_at`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('likes').dropColumn('match_seen_at').execute();
}
