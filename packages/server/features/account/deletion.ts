import type { FastifyRequest } from 'fastify';
import { type Locale, toLocale } from '@datekit/runtime/data/locales';
import { DELETION_GRACE_DAYS } from '@datekit/runtime/rules/constants';
import type { Brand } from '@datekit/runtime/schemas/brand';
import { ApiError } from '../../errors/api-error.ts';
import { requestOrigin } from '../../http/origin.ts';
import { cancelJob, enqueueJob } from '../../jobs/queue.ts';
import { brandSender, linkMail } from '../../mail/templates/link-mail.ts';
import type { Services } from '../../services.ts';
import type { CurrentMember } from '../users/current-member.ts';
import { createAccountToken } from './account-tokens.ts';
import { memberChanged } from '../users/member-cache.ts';

export const GRACE_MS = DELETION_GRACE_DAYS * 86_400_000;
export const ERASE_JOB = 'erase-account';
export const eraseJobKey = (userId: number) => `${ERASE_JOB}:${userId}`;

/**
 * Deletes an account, reversibly (spec §4): the profile disappears from every other member at once
 * (its status turns disabled and every list leaves out members pending deletion), every session ends,
 * a reactivation link valid for 14 days goes to the member, and the erasure is queued for then.
 */
export async function requestDeletion(
  services: Services,
  /** `origin`: the brand site's, for the reactivation link, when the request came from elsewhere (the operator console). */
  input: { member: CurrentMember; brand: Brand; locale: Locale; request: FastifyRequest; origin?: string },
): Promise<{ eraseAt: number }> {
  const { member, brand } = input;
  const now = services.now();
  const eraseAt = now + GRACE_MS;
  const token = await services.db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ deletion_requested_at: now }).where('id', '=', member.id).execute();
    await trx.updateTable('profiles').set({ status: 'disabled' }).where('id', '=', member.id).execute();
    await trx.deleteFrom('sessions').where('user_id', '=', member.id).execute();
    await memberChanged(trx, member.id);
    // Open tabs (here and on other devices) close their event streams and find themselves logged out.
    await services.events.publish(trx, member.id, { type: 'session-ended' });
    await enqueueJob(trx, ERASE_JOB, { userId: member.id }, now, { runAt: eraseAt, uniqueKey: eraseJobKey(member.id) });
    return createAccountToken(trx, { userId: member.id, kind: 'reactivation', now, ttlMs: GRACE_MS });
  });
  await services.mailer
    .send(
      linkMail({
        kind: 'reactivation',
        brand,
        locale: toLocale(member.language) ?? input.locale,
        translate: services.translate,
        from: brandSender(brand, services.config.mailFrom),
        to: member.email,
        name: member.name,
        link: `${input.origin ?? requestOrigin(input.request)}/api/account-reactivate.php?token=${encodeURIComponent(token)}`,
        params: { days: DELETION_GRACE_DAYS },
      }),
    )
    .catch((error: unknown) => input.request.log.error({ err: error }, 'reactivation mail failed'));
  return { eraseAt };
}

/**
 * Brings a member pending deletion back within the grace period: visible again (if activated), the
 * erasure cancelled. Throws `reset_link_invalid` once the period is over.
 */
export async function reactivate(services: Services, userId: number): Promise<void> {
  const now = services.now();
  await services.db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['status', 'deletion_requested_at', 'erased_at', 'sanction'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user || user.erased_at !== null || user.deletion_requested_at === null)
      throw new ApiError('reset_link_invalid');
    if (user.deletion_requested_at + GRACE_MS <= now) throw new ApiError('reset_link_invalid');
    await trx.updateTable('users').set({ deletion_requested_at: null }).where('id', '=', userId).execute();
    await memberChanged(trx, userId);
    await trx
      .updateTable('profiles')
      .set({ status: user.status === 'active' && user.sanction === null ? 'active' : 'disabled' })
      .where('id', '=', userId)
      .execute();
    await trx
      .updateTable('account_tokens')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('kind', '=', 'reactivation')
      .where('used_at', 'is', null)
      .execute();
    await cancelJob(trx, eraseJobKey(userId));
  });
}

/** When a member pending deletion can still come back, or null when they are not pending deletion. */
export function reactivableUntil(deletionRequestedAt: number | null): number | null {
  return deletionRequestedAt === null ? null : deletionRequestedAt + GRACE_MS;
}
