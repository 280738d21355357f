import type { PhotoBulkDecisionRequest, PhotoBulkOutcome } from '@datekit/runtime/schemas/api/operator/photos';
import { lazyTransaction } from '../../db/lazy-transaction.ts';
import type { Services } from '../../services.ts';
import { approvePhotos, rejectPhotos } from '../photos/moderation.ts';
import { recordAudits } from './audit.ts';
import type { CurrentOperator } from './operator-sessions.ts';
import { toPhotoOwner, type PhotoOwner } from './photo-notice.ts';
import { rejectionDetails } from './photo-queue.ts';

export interface BulkDecision {
  results: { id: number; outcome: PhotoBulkOutcome }[];
  /** The owners of the photos decided now, to be told once the decision is committed. */
  decided: PhotoOwner[];
}

/**
 * Approves or rejects several photos in one transaction, with one audit row per photo that changed.
 * Photos decided before (by another moderator, or by this same request sent again) are answered
 * `already_decided` or `not_found` and change nothing, so a repeated request never acts twice.
 */
export async function decidePhotos(
  services: Services,
  operator: CurrentOperator,
  body: PhotoBulkDecisionRequest,
): Promise<BulkDecision> {
  const outer = lazyTransaction(services.db, services.engine);
  const scoped = { ...services, db: outer.db };
  try {
    const rows = await outer.db
      .selectFrom('photos as ph')
      .innerJoin('users as u', 'u.id', 'ph.profile_id')
      .innerJoin('profiles as p', 'p.id', 'ph.profile_id')
      .select(['ph.id', 'ph.status', 'u.id as user_id', 'u.brand', 'u.email', 'u.language', 'p.name'])
      .where('ph.id', 'in', body.ids)
      .execute();
    const waiting = rows.filter((row) => row.status === 'inspection').map((row) => row.id);
    const changed = new Set(
      body.decision === 'approve' ? await approvePhotos(scoped, waiting) : await rejectPhotos(scoped, waiting),
    );
    // In the request's order (the database returns rows in any order), so audit and mails follow it.
    const byId = new Map(rows.map((row) => [row.id, row]));
    const owners = body.ids.filter((id) => changed.has(id)).map((id) => byId.get(id)!);
    await recordAudits(
      outer.db,
      { id: operator.id, email: operator.email },
      owners.map((row) => ({
        action: body.decision === 'approve' ? 'photo.approve' : 'photo.reject',
        targetType: 'photo' as const,
        targetId: row.id,
        reason: body.decision === 'reject' ? body.reason : null,
        details: rejectionDetails(row.user_id),
      })),
      services.now(),
    );
    const trx = await outer.open();
    await trx.commit().execute();
    const done: PhotoBulkOutcome = body.decision === 'approve' ? 'approved' : 'rejected';
    return {
      results: body.ids.map((id) => ({
        id,
        outcome: changed.has(id) ? done : byId.has(id) ? 'already_decided' : 'not_found',
      })),
      decided: owners.map(toPhotoOwner),
    };
  } catch (error) {
    await outer.rollback().catch(() => undefined);
    throw error;
  }
}
