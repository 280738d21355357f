import { toLocale } from '@datekit/runtime/data/locales';
import { brandSender } from '../../mail/templates/link-mail.ts';
import { photoCheckMail } from '../../mail/templates/photo-mail.ts';
import type { Services } from '../../services.ts';

export interface PhotoOwner {
  photoId: number;
  userId: number;
  brand: string;
  email: string;
  language: string;
  name: string;
}

/** Whose photo it is (read before a rejection deletes the row), for the notice. */
export async function photoOwner(services: Services, photoId: number): Promise<PhotoOwner | null> {
  const row = await services.db
    .selectFrom('photos as ph')
    .innerJoin('users as u', 'u.id', 'ph.profile_id')
    .innerJoin('profiles as p', 'p.id', 'ph.profile_id')
    .select(['ph.id', 'u.id as user_id', 'u.brand', 'u.email', 'u.language', 'p.name'])
    .where('ph.id', '=', photoId)
    .where('ph.status', '=', 'inspection')
    .executeTakeFirst();
  return row ? toPhotoOwner(row) : null;
}

/** The notice's addressee from a row of a photo joined to its member's user and profile. */
export function toPhotoOwner(row: {
  id: number;
  user_id: number;
  brand: string;
  email: string;
  language: string;
  name: string;
}): PhotoOwner {
  const { id, user_id, brand, email, language, name } = row;
  return { photoId: id, userId: user_id, brand, email, language, name };
}

/**
 * Tells the member, in their language, that their photo is now visible or was removed and why. The
 * photos CLI sends no notice; the console does, by e-mail. A mail that fails is logged; the decision stands.
 */
export async function sendPhotoNotice(
  services: Services,
  owner: PhotoOwner,
  outcome: 'approved' | 'rejected',
  reason: string | null,
): Promise<void> {
  const brand = services.brands.get(owner.brand);
  if (!brand) return;
  await services.mailer.send(
    photoCheckMail({
      outcome,
      reason,
      brand,
      locale: toLocale(owner.language) ?? brand.default_language,
      translate: services.translate,
      from: brandSender(brand, services.config.mailFrom),
      to: owner.email,
      name: owner.name,
    }),
  );
}
