import type { Locale } from '@datekit/runtime/data/locales';
import { formatDate } from '@datekit/runtime/i18n/format';
import { ApiError } from '../../errors/api-error.ts';
import type { Db } from '../../db/database.ts';
import { cancelJob, enqueueJob } from '../../jobs/queue.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import type { Services } from '../../services.ts';
import { memberChanged } from '../users/member-cache.ts';

export const LIFT_SUSPENSION_JOB = 'lift-suspension';
const liftJobKey = (userId: number) => `${LIFT_SUSPENSION_JOB}:${userId}`;

export type Sanction = 'ban' | 'suspension';

/** The sanction columns of a member, as the session query reads them. */
export interface SanctionState {
  sanction: Sanction | null;
  sanction_ends_at: number | null;
}

/** Whether a member is locked out now: banned, or suspended and the suspension still runs. */
export function isSanctioned(state: SanctionState, now: number): boolean {
  if (state.sanction === 'ban') return true;
  return state.sanction === 'suspension' && (state.sanction_ends_at ?? 0) > now;
}

/**
 * The distinct error a sanctioned member's request answers (`account_banned`, `account_suspended`),
 * on which the client runtime shows /pages/ban; null when the member is not sanctioned.
 */
export function sanctionError(state: SanctionState, locale: Locale, now: number): ApiError | null {
  if (!isSanctioned(state, now)) return null;
  if (state.sanction === 'ban') return new ApiError('account_banned', {}, { banned: true });
  const until = state.sanction_ends_at!;
  const date = formatDate(until, locale, 'dateLong');
  return new ApiError('account_suspended', { date }, { banned: true, until: new Date(until).toISOString() });
}

/** Who imposed a sanction and why, for its history row (all optional: the CLI has no operator). */
export interface SanctionOrigin {
  operatorId?: number | null;
  reportId?: number | null;
  ground?: string | null;
  facts?: string | null;
}

/**
 * Bans a member, or suspends them until `until`: their profile leaves every list and page of other
 * members at once (status disabled, and `selectProfiles` leaves sanctioned members out), and each of
 * their sessions ends on its next request with the sanction's error (see `loadCurrentMember`), so every
 * device they use shows the ban page once. Their open event streams, on every instance, get a
 * `session-ended` event and close (realtime/events.routes.ts). The sanction is added to the member's
 * history (`member_sanctions`), a running one there ends as 'replaced'. Runs inside the caller's
 * transaction, and publishes last in it (the event bus's rule).
 */
export async function sanctionMember(
  trx: Db,
  events: EventBus,
  input: { memberId: number; sanction: Sanction; now: number; until?: number } & SanctionOrigin,
): Promise<void> {
  const { memberId, sanction, now } = input;
  const endsAt = sanction === 'suspension' ? input.until! : null;
  await trx
    .updateTable('users')
    .set({ sanction, sanctioned_at: now, sanction_ends_at: endsAt })
    .where('id', '=', memberId)
    .execute();
  await trx.updateTable('profiles').set({ status: 'disabled' }).where('id', '=', memberId).execute();
  await memberChanged(trx, memberId);
  await endRunningSanction(trx, memberId, { at: now, how: 'replaced', by: input.operatorId ?? null });
  await trx
    .insertInto('member_sanctions')
    .values({
      user_id: memberId,
      sanction,
      started_at: now,
      ends_at: endsAt,
      operator_id: input.operatorId ?? null,
      report_id: input.reportId ?? null,
      ground: input.ground ?? null,
      facts: input.facts ?? null,
    })
    .execute();
  if (sanction === 'suspension') {
    await enqueueJob(trx, LIFT_SUSPENSION_JOB, { userId: memberId }, now, {
      runAt: endsAt!,
      uniqueKey: liftJobKey(memberId),
    });
  } else {
    await cancelJob(trx, liftJobKey(memberId));
  }
  await events.publish(trx, memberId, { type: 'session-ended' });
}

/** Closes the member's running history row, if any (a sanction from before the history has none). */
async function endRunningSanction(
  trx: Db,
  memberId: number,
  end: { at: number; how: 'lifted' | 'expired' | 'replaced'; by: number | null; reason?: string | null },
): Promise<void> {
  await trx
    .updateTable('member_sanctions')
    .set({ ended_at: end.at, ended_how: end.how, ended_by: end.by, end_reason: end.reason ?? null })
    .where('user_id', '=', memberId)
    .where('ended_at', 'is', null)
    .execute();
}

/**
 * Lifts a ban or suspension: the profile shows again if the account is activated and not pending
 * deletion. The member logs in again (their sessions ended with the sanction). The history row ends
 * as 'lifted' (by `lift.operatorId`, with `lift.reason`), or 'expired' for the end of a suspension.
 */
export async function liftSanction(
  trx: Db,
  memberId: number,
  lift: { now: number; how?: 'lifted' | 'expired'; operatorId?: number | null; reason?: string | null },
): Promise<boolean> {
  const user = await trx
    .selectFrom('users')
    .select(['status', 'sanction', 'deletion_requested_at', 'erased_at'])
    .where('id', '=', memberId)
    .executeTakeFirst();
  if (!user?.sanction) return false;
  await trx
    .updateTable('users')
    .set({ sanction: null, sanctioned_at: null, sanction_ends_at: null })
    .where('id', '=', memberId)
    .execute();
  await memberChanged(trx, memberId);
  const visible = user.status === 'active' && user.deletion_requested_at === null && user.erased_at === null;
  await trx
    .updateTable('profiles')
    .set({ status: visible ? 'active' : 'disabled' })
    .where('id', '=', memberId)
    .execute();
  await cancelJob(trx, liftJobKey(memberId));
  await endRunningSanction(trx, memberId, {
    at: lift.now,
    how: lift.how ?? 'lifted',
    by: lift.operatorId ?? null,
    reason: lift.reason ?? null,
  });
  return true;
}

/** The job at a suspension's end: lifts it unless it became a ban (or was lifted) meanwhile. */
export async function runLiftSuspensionJob(services: Services, userId: number): Promise<void> {
  await services.db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['sanction', 'sanction_ends_at'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (user?.sanction !== 'suspension' || (user.sanction_ends_at ?? 0) > services.now()) return;
    await liftSanction(trx, userId, { now: services.now(), how: 'expired' });
  });
}
