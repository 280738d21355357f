import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { PageBouncesTable } from '../../db/schema.ts';

/** Records that a lander was left (its page and tracking parameters). */
export async function insertPageBounce(db: Db, bounce: Insertable<PageBouncesTable>): Promise<void> {
  await db.insertInto('page_bounces').values(bounce).execute();
}
