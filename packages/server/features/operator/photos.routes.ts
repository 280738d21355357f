import fs from 'node:fs/promises';
import path from 'node:path';
import { ApiError } from '../../errors/api-error.ts';
import { approvePhotos, rejectPhotos } from '../photos/moderation.ts';
import { pathId } from '../../http/route-id.ts';
import { audited } from './audited.ts';
import { photoFile } from './photos.queries.ts';
import { defineRoute } from '../../http/define-route.ts';
import type { Services } from '../../services.ts';
import {
  operatorApprovePhotoRoute,
  operatorDecidePhotosRoute,
  operatorPhotosRoute,
  operatorRejectPhotoRoute,
} from '@datekit/runtime/schemas/api/contracts/operator';
import { decidePhotos } from './photo-bulk-decision.ts';
import { photoOwner, sendPhotoNotice } from './photo-notice.ts';
import { photoQueuePage, rejectionDetails } from './photo-queue.ts';

const photoId = pathId;

/** The photo in inspection the path's `:id` names, and whose it is; not_found when there is none. */
async function pathPhotoOwner(services: Services, params: unknown) {
  const id = photoId(params);
  const owner = await photoOwner(services, id);
  if (!owner) throw new ApiError('not_found');
  return { id, owner };
}

export const operatorPhotoQueue = defineRoute({
  contract: operatorPhotosRoute,
  summary:
    "Photos waiting for a check, oldest first, a page at a time, each with its member's age, other photos, earlier rejections and reports.",
  access: 'photos.moderate',
  handler: async ({ services, query }) => {
    const page = await photoQueuePage(services.db, query, services.now());
    return { photos: page.photos, total: page.total, next_after: page.nextAfter };
  },
});

export const operatorDecidePhotos = defineRoute({
  contract: operatorDecidePhotosRoute,
  summary:
    'Approve several photos, or reject them with one reason, in one request: one audit row per photo, a result per photo; photos decided before are left as they are.',
  access: 'photos.moderate',
  handler: async ({ services, operator, body }) => {
    const { results, decided } = await decidePhotos(services, operator, body);
    const outcome = body.decision === 'approve' ? 'approved' : 'rejected';
    for (const owner of decided) await sendPhotoNotice(services, owner, outcome, body.reason ?? null);
    return { results };
  },
});

/** The full image of any member photo, for moderators only (members' /media/ rules do not apply here). */
export const operatorPhotoFile = defineRoute({
  method: 'GET',
  url: '/api/operator/photos/:id/file',
  summary: 'The full image of a member photo (any status), for roles that may see photos in full.',
  access: 'members.photos',
  errors: ['not_found'],
  handler: async ({ services, request, reply }) => {
    const photo = await photoFile(services.db, photoId(request.params));
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

export const operatorApprovePhoto = defineRoute({
  contract: operatorApprovePhotoRoute,
  summary: 'Approve a photo in inspection: others see it; the member gets a notice in their language.',
  access: 'photos.moderate',
  errors: ['not_found'],
  handler: async ({ services, operator, request }) => {
    const { id, owner } = await pathPhotoOwner(services, request.params);
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

export const operatorRejectPhoto = defineRoute({
  contract: operatorRejectPhotoRoute,
  summary: 'Reject a photo in inspection with a reason from the list: it is deleted; the member is told why.',
  access: 'photos.moderate',
  errors: ['not_found'],
  handler: async ({ services, operator, request, body }) => {
    const { id, owner } = await pathPhotoOwner(services, request.params);
    await audited(
      services,
      operator,
      {
        action: 'photo.reject',
        targetType: 'photo',
        targetId: id,
        reason: body.reason,
        details: rejectionDetails(owner.userId),
      },
      async (scoped) => {
        if ((await rejectPhotos(scoped, [id])).length === 0) throw new ApiError('not_found');
      },
    );
    await sendPhotoNotice(services, owner, 'rejected', body.reason);
    return { ok: true as const };
  },
});

export const operatorPhotoRoutes = [
  operatorPhotoQueue,
  operatorDecidePhotos,
  operatorPhotoFile,
  operatorApprovePhoto,
  operatorRejectPhoto,
];
