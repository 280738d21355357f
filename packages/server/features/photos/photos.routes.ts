import { FREE_PHOTO_LIMIT, PREMIUM_PHOTO_LIMIT } from '@datekit/runtime/rules/constants';
import { ApiError } from '../../errors/api-error.ts';
import { defineRoute } from '../../http/define-route.ts';
import { memberPhotosRoute } from '@datekit/runtime/schemas/api/contracts/members';
import {
  deletePhotoRoute,
  mainPhotoRoute,
  ownPhotosRoute,
  uploadPhotoRoute,
} from '@datekit/runtime/schemas/api/contracts/profile';
import type { Services } from '../../services.ts';
import { deletePhotoFiles, storePhoto } from '../../media/process-photo.ts';
import { reachableProfile } from '../members/contact-rules.ts';
import { memberPhotoList } from './member-photo-list.ts';
import { removePhoto } from './remove-photo.ts';
import { hasMainPhoto, insertPhoto, makeMainPhoto, ownPhotoById, ownPhotos, photoCount } from './photos.queries.ts';
import { MEDIA_PREFIX } from '../users/user-json.ts';
import { RATE_LIMITS } from '../../ops/rate-limits.ts';

type PhotoRow = {
  id: number;
  filename: string;
  thumb_filename: string;
  match_filename: string;
  status: 'active' | 'inspection';
  is_main: number;
};

const toOwnPhoto = (p: PhotoRow) => ({
  id: p.id,
  filename: MEDIA_PREFIX + p.filename,
  thumb_filename: MEDIA_PREFIX + p.thumb_filename,
  match: MEDIA_PREFIX + p.match_filename,
  status: p.status,
  is_main: p.is_main === 1,
});

export const uploadPhoto = defineRoute({
  contract: uploadPhotoRoute,
  rateLimit: RATE_LIMITS.uploads,
  summary:
    'Upload a photo as the raw request body (Content-Type image/jpeg, png, webp, avif or heic; 10 MB). Re-encoded, checked by an operator before others see it. Free members hold 3, premium 25.',
  auth: 'member',
  errors: ['payload_too_large', 'unsupported_media_type', 'invalid_image', 'photo_limit'],
  status: 201,
  handler: async ({ request, member, services }) => {
    const body = request.body;
    if (!Buffer.isBuffer(body)) throw new ApiError('unsupported_media_type');
    const limit = member.paid_user ? PREMIUM_PHOTO_LIMIT : FREE_PHOTO_LIMIT;
    if ((await photoCount(services.db, member.id)) >= limit)
      throw new ApiError('photo_limit', { max: limit }, { max: limit });
    const stored = await storePhoto(body, services.config.mediaDir);
    try {
      const photo = await services.db.transaction().execute(async (trx) => {
        const row = await insertPhoto(trx, member.id, stored, !(await hasMainPhoto(trx, member.id)), services.now());
        // Checked again inside the transaction: two uploads at once cannot both take the last place.
        const total = await photoCount(trx, member.id);
        if (total > limit) throw new ApiError('photo_limit', { max: limit }, { max: limit });
        return row;
      });
      return { photo: toOwnPhoto(photo) };
    } catch (error) {
      await deletePhotoFiles(services.config.mediaDir, stored);
      throw error;
    }
  },
});

export const listOwnPhotos = defineRoute({
  contract: ownPhotosRoute,
  summary: 'Your own photos, in inspection or active, main first.',
  auth: 'member',
  handler: async ({ member, services }) => {
    const rows = await ownPhotos(services.db, member.id);
    return { photos: rows.map(toOwnPhoto), limit: member.paid_user ? PREMIUM_PHOTO_LIMIT : FREE_PHOTO_LIMIT };
  },
});

async function ownPhoto(services: Services, memberId: number, id: number) {
  const photo = await ownPhotoById(services.db, memberId, id);
  if (!photo) throw new ApiError('not_found');
  return photo;
}

export const setMainPhoto = defineRoute({
  contract: mainPhotoRoute,
  summary: 'Make one of your photos the main image.',
  auth: 'member',
  errors: ['not_found'],
  handler: async ({ body, member, services }) => {
    const photo = await ownPhoto(services, member.id, body.id);
    await services.db.transaction().execute(async (trx) => {
      await makeMainPhoto(trx, member.id, photo.id);
    });
    return { ok: true as const };
  },
});

export const deletePhoto = defineRoute({
  contract: deletePhotoRoute,
  summary: 'Delete one of your photos; when it was the main image, your newest other photo becomes main.',
  auth: 'member',
  errors: ['not_found'],
  handler: async ({ body, member, services }) => {
    await removePhoto(services, await ownPhoto(services, member.id, body.id));
    return { ok: true as const };
  },
});

export const memberPhotos = defineRoute({
  contract: memberPhotosRoute,
  summary:
    "Another member's checked photos, main first. Premium viewers get every photo; free viewers the main one, and for the rest only a blurred version made on the server (the full image is never sent, and /media refuses it to them). Your own id answers all your photos, those awaiting their check marked pending: nobody else gets those.",
  auth: 'member',
  errors: ['not_found', 'blocked_by'],
  handler: async ({ query, member, services }) => {
    const own = query.id === member.id;
    const target = own ? null : await reachableProfile(services, member, query.id);
    return { photos: await memberPhotoList(services, member, target?.id ?? member.id) };
  },
});

export const photoRoutes = [uploadPhoto, listOwnPhotos, setMainPhoto, deletePhoto, memberPhotos];
