import type { Db } from '../../db/database.ts';
import { ApiError } from '../../errors/api-error.ts';
import { recordAudit, type AuditActor } from '../operator/audit.ts';
import { queueSend } from './queue-postbacks.ts';
import { deliveryById, moveDelivery } from './postbacks.queries.ts';

/**
 * An operator's decision on a held SOI postback: `release` sends it (queued like any other, in the
 * same transaction), `reject` marks it never to be sent. Only from `held`: a second decision, or two
 * operators at once, find it moved and get `postback_not_held`. Audited in the same transaction.
 */
export async function decideHeldPostback(
  db: Db,
  id: number,
  decision: 'release' | 'reject',
  actor: AuditActor,
  now: number,
): Promise<{ id: number; brand: string; user_id: number }> {
  return db.transaction().execute(async (trx) => {
    const delivery = await deliveryById(trx, id);
    if (!delivery) throw new ApiError('not_found');
    const moved = await moveDelivery(trx, id, 'held', {
      status: decision === 'release' ? 'queued' : 'rejected',
      decided_at: now,
      decided_by: actor.email,
    });
    if (!moved) throw new ApiError('postback_not_held');
    if (decision === 'release') await queueSend(trx, id, now);
    const details = { brand: delivery.brand, member_id: delivery.user_id };
    await recordAudit(
      trx,
      actor,
      { action: `postback.${decision}`, targetType: 'postback_delivery', targetId: id, details },
      now,
    );
    return { id, brand: delivery.brand, user_id: delivery.user_id };
  });
}
