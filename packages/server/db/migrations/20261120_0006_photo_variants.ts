import type { Kysely } from 'kysely';

/** The blurred variant shown to free viewers (made on the server; spec §6) and each photo's size. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('photos').addColumn('blurred_filename', 'text').execute();
  await db.schema.alterTable('photos').addColumn('width', 'integer').execute();
  await db.schema.alterTable('photos').addColumn('height', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['height', 'width', 'blurred_filename']) {
    await db.schema.alterTable('photos').dropColumn(column).execute();
  }
}
