import type { Selectable } from 'kysely';
import type { PhotosTable } from '../../db/schema.ts';
import { deletePhotoFiles } from '../../media/process-photo.ts';
import type { Services } from '../../services.ts';
import { memberChanged } from '../users/member-cache.ts';

/**
 * Deletes a photo, by its member or by an operator's rejection. When it was the main image, the
 * member's newest other photo becomes main in the same transaction, so a profile never has photos but
 * no main one. The files go after the row: a crash in between leaves orphan files, never a dead link.
 */
export async function removePhoto(services: Services, photo: Selectable<PhotosTable>): Promise<void> {
  await services.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('photos').where('id', '=', photo.id).execute();
    await memberChanged(trx, photo.profile_id);
    if (!photo.is_main) return;
    const next = await trx
      .selectFrom('photos')
      .select('id')
      .where('profile_id', '=', photo.profile_id)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (next) await trx.updateTable('photos').set({ is_main: 1 }).where('id', '=', next.id).execute();
  });
  await deletePhotoFiles(services.config.mediaDir, photo);
}
