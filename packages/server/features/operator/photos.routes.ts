import fs from 'node:fs/promises';
import path from 'node:path';
import {
  okResponseSchema,
  operatorPhotosQuerySchema,
  operatorPhotosResponseSchema,
  photoRejectRequestSchema,
} from '@datekit/runtime';
import { ApiError } from '../../errors/api-error.ts';
import { approvePhotos, rejectPhotos } from '../photos/moderation.ts';
import { pathId } from '../../http/route-id.ts';
import { audited } from './audited.ts';
import { defineOperatorRoute } from './define-operator-route.ts';
import { photoOwner, sendPhotoNotice } from './photo-notice.ts';

const photoId = pathId;
/** How many photos the queue shows at once; the rest follow as these are decided. */
const QUEUE_PAGE = 100;

export const operatorPhotoQueue = defineOperatorRoute({
  method: 'GET',
  url: '/api/operator/photos',
  summary: 'Photos waiting for a check, oldest first (the photos CLI, in the browser).',
  access: 'photos.moderate',
  query: operatorPhotosQuerySchema,
  response: operatorPhotosResponseSchema,
  handler: async ({ services, query }) => {
    const rows = await services.db
      .selectFrom('photos as ph')
      .innerJoin('profiles as p', 'p.id', 'ph.profile_id')
      .select(['ph.id', 'ph.profile_id', 'p.name', 'p.brand', 'ph.created_at'])
      .where('ph.status', '=', 'inspection')
      .$if(Boolean(query.brand), (q) => q.where('p.brand', '=', query.brand!))
      .orderBy('ph.created_at')
      .orderBy('ph.id')
      .limit(QUEUE_PAGE)
      .execute();
    return {
      photos: rows.map((r) => ({
        id: r.id,
        member_id: r.profile_id,
        name: r.name,
        brand: r.brand,
        uploaded_at: new Date(r.created_at).toISOString(),
        url: `/api/operator/photos/${r.id}/file`,
      })),
    };
  },
});

/** The full image of any member photo, for moderators only (members' /media/ rules do not apply here). */
export const operatorPhotoFile = defineOperatorRoute({
  method: 'GET',
  url: '/api/operator/photos/:id/file',
  summary: 'The full image of a member photo (any status), for roles that may see photos in full.',
  access: 'members.photos',
  errors: ['not_found'],
  handler: async ({ services, request, reply }) => {
    const photo = await services.db
      .selectFrom('photos')
      .select('filename')
      .where('id', '=', photoId(request.params))
      .executeTakeFirst();
    const bytes = photo
      ? await fs.readFile(path.join(services.config.mediaDir, photo.filename)).catch(() => null)
      : null;
    if (!bytes) throw new ApiError('not_found');
    await reply
      .header('cache-control', 'private, no-store')
      .type(photo!.filename.endsWith('.webp') ? 'image/webp' : 'application/octet-stream')
      .send(bytes);
    return undefined;
  },
});

export const operatorApprovePhoto = defineOperatorRoute({
  method: 'POST',
  url: '/api/operator/photos/:id/approve',
  summary: 'Approve a photo in inspection: others see it; the member gets a notice in their language.',
  access: 'photos.moderate',
  errors: ['not_found'],
  response: okResponseSchema,
  handler: async ({ services, operator, request }) => {
    const id = photoId(request.params);
    const owner = await photoOwner(services, id);
    if (!owner) throw new ApiError('not_found');
    await audited(
      services,
      operator,
      { action: 'photo.approve', targetType: 'photo', targetId: id, details: { member_id: owner.userId } },
      async (scoped) => {
        if ((await approvePhotos(scoped, [id])).length === 0) throw new ApiError('not_found');
      },
    );
    await sendPhotoNotice(services, owner, 'approved', null);
    return { ok: true as const };
  },
});

export const operatorRejectPhoto = defineOperatorRoute({
  method: 'POST',
  url: '/api/operator/photos/:id/reject',
  summary: 'Reject a photo in inspection with a reason from the list: it is deleted; the member is told why.',
  access: 'photos.moderate',
  errors: ['not_found'],
  body: photoRejectRequestSchema,
  response: okResponseSchema,
  handler: async ({ services, operator, request, body }) => {
    const id = photoId(request.params);
    const owner = await photoOwner(services, id);
    if (!owner) throw new ApiError('not_found');
    await audited(
      services,
      operator,
      {
        action: 'photo.reject',
        targetType: 'photo',
        targetId: id,
        reason: body.reason,
        details: { member_id: owner.userId },
      },
      async (scoped) => {
        if ((await rejectPhotos(scoped, [id])).length === 0) throw new ApiError('not_found');
      },
    );
    await sendPhotoNotice(services, owner, 'rejected', body.reason);
    return { ok: true as const };
  },
});

export const operatorPhotoRoutes = [operatorPhotoQueue, operatorPhotoFile, operatorApprovePhoto, operatorRejectPhoto];
