import type { Db } from '../../db/database.ts';

/** A photo's stored file name, if the photo exists. */
export function photoFile(db: Db, id: number) {
  return db.selectFrom('photos').select('filename').where('id', '=', id).executeTakeFirst();
}
