import type { Services } from '../../services.ts';
import { removePhoto } from './remove-photo.ts';
import { memberChanged } from '../users/member-cache.ts';

export interface PhotoToCheck {
  id: number;
  profileId: number;
  name: string;
  brand: string;
  file: string;
  uploadedAt: number;
}

/** Photos waiting for an operator, oldest first (spec §4: image status inspection while checked). */
export async function photosToCheck(services: Services, brand?: string): Promise<PhotoToCheck[]> {
  const rows = await services.db
    .selectFrom('photos as ph')
    .innerJoin('profiles as p', 'p.id', 'ph.profile_id')
    .select(['ph.id', 'ph.profile_id', 'p.name', 'p.brand', 'ph.filename', 'ph.created_at'])
    .where('ph.status', '=', 'inspection')
    .$if(Boolean(brand), (q) => q.where('p.brand', '=', brand!))
    .orderBy('ph.created_at')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    profileId: r.profile_id,
    name: r.name,
    brand: r.brand,
    file: `${services.config.mediaDir}/${r.filename}`,
    uploadedAt: r.created_at,
  }));
}

/** Approves photos in inspection: they become visible to others. Returns the ids that changed. */
export async function approvePhotos(services: Services, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await services.db
    .updateTable('photos')
    .set({ status: 'active' })
    .where('id', 'in', ids)
    .where('status', '=', 'inspection')
    .returning(['id', 'profile_id'])
    .execute();
  await memberChanged(services.db, [...new Set(rows.map((r) => r.profile_id))]);
  return rows.map((r) => r.id);
}

/**
 * Rejects photos in inspection: row and files are deleted; when one was the main image, the
 * member's newest remaining photo becomes main. Returns the ids that were removed.
 */
export async function rejectPhotos(services: Services, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const photos = await services.db
    .selectFrom('photos')
    .selectAll()
    .where('id', 'in', ids)
    .where('status', '=', 'inspection')
    .execute();
  for (const photo of photos) await removePhoto(services, photo);
  return photos.map((p) => p.id);
}
