import { sql } from 'kysely';
import { toLocale } from '@datekit/runtime/data/locales';
import type { NotificationType } from '@datekit/runtime/data/notifications';
import type { Db } from '../db/database.ts';
import { visibleTo } from '../features/members/visible-to.ts';
import { hasOpenTab } from '../features/notifications/presence.ts';
import { loadNotificationSettings } from '../features/notifications/preferences.ts';
import { enqueueJob } from '../jobs/queue.ts';
import type { Services } from '../services.ts';
import { sendPush, type PushOutcome } from './send-push.ts';

export const PUSH_JOB = 'push-notify';

/** A push that failed for another reason than a dead subscription is tried again this often in all. */
export const PUSH_MAX_ATTEMPTS = 5;
/** Retry delays: 30 s, 1 min, 2 min, 4 min. */
export const PUSH_RETRY_BASE_MS = 30_000;

export type PushKind = 'message' | 'like' | 'match';

export interface PushJob {
  kind: PushKind;
  recipientId: number;
  /** The member who wrote or liked. */
  otherId: number;
  /** For `message`: the conversation began with it (preference new_conversations, else new_messages). */
  newConversation?: boolean;
  /** A retry: only these subscriptions (the ones that failed), and which attempt this is. */
  subscriptionIds?: number[];
  attempt?: number;
}

/** The JSON the service worker receives: already in the member's language. */
export interface PushPayload {
  kind: PushKind;
  title: string;
  body: string;
  /** The screen a click opens, relative to the site. */
  url: string;
  /** One notification per chat or liker: a newer push replaces the older one. */
  tag: string;
  /** Unread messages in all, for the app badge. */
  unread: number;
}

/**
 * Queues the push about a message, like or match, in `trx` (the transaction storing the event), so it
 * exists exactly when the event does and survives a restart. Only for a member with a subscription
 * while push is configured; whether it goes out (open tab, preference) is decided when it runs. While
 * one for the same chat or liker still waits, it covers the new event too.
 */
export async function queuePush(services: Services, trx: Db, job: PushJob, now: number): Promise<void> {
  if (!services.config.pushPrivateKey) return;
  const subscribed = await trx
    .selectFrom('push_subscriptions')
    .select('id')
    .where('user_id', '=', job.recipientId)
    .limit(1)
    .executeTakeFirst();
  if (!subscribed) return;
  const scope = job.kind === 'message' ? 'message' : 'like';
  await enqueueJob(trx, PUSH_JOB, job, now, {
    uniqueKey: `${PUSH_JOB}:${scope}:${job.recipientId}:${job.otherId}`,
    keepExisting: true,
  });
}

function preferenceFor(job: PushJob): NotificationType {
  if (job.kind !== 'message') return 'like';
  return job.newConversation ? 'new_conversations' : 'new_messages';
}

/**
 * The job for PUSH_JOB: pushes to each of the member's browsers, unless they have a tab open (they see
 * it there), turned the type off, are no longer an active account, or the other member is gone or
 * blocked either way. Subscriptions the push service calls gone (404, 410), and those whose endpoint
 * now resolves to a non-public address, are deleted; the ones that failed otherwise get a retry job of their own with a growing delay. Answers the outcomes.
 */
export async function runPushJob(services: Services, job: PushJob): Promise<PushOutcome[]> {
  const { db, config } = services;
  if (!config.pushPublicKey || !config.pushPrivateKey) return [];
  const now = services.now();
  const recipient = await db
    .selectFrom('users')
    .select(['brand', 'language', 'status', 'deletion_requested_at', 'erased_at'])
    .where('id', '=', job.recipientId)
    .executeTakeFirst();
  if (!recipient || recipient.status !== 'active') return [];
  if (recipient.deletion_requested_at !== null || recipient.erased_at !== null) return [];
  // About a like or a conversation, which keep to one brand; they stay about an invisible member.
  const other = await db
    .selectFrom('profiles as p')
    .select('p.name')
    .where('p.id', '=', job.otherId)
    .where((eb) =>
      visibleTo(eb, job.recipientId, { brand: null, activeOnly: true, hideInvisible: false, hideBlocked: true }),
    )
    .executeTakeFirst();
  if (!other) return [];
  const settings = await loadNotificationSettings(db, job.recipientId);
  if (!settings.preferences[preferenceFor(job)]) return [];
  if (await hasOpenTab(db, job.recipientId, now)) return [];
  const brand = services.brands.get(recipient.brand);
  if (!brand) return [];

  const subscriptions = await db
    .selectFrom('push_subscriptions')
    .select(['id', 'endpoint', 'p256dh', 'auth'])
    .where('user_id', '=', job.recipientId)
    .$if(job.subscriptionIds !== undefined, (q) => q.where('id', 'in', job.subscriptionIds!))
    .execute();
  if (!subscriptions.length) return [];
  const unread = await db
    .selectFrom('conversation_members')
    .select(sql<number>`coalesce(sum(unread), 0)`.as('total'))
    .where('member_id', '=', job.recipientId)
    .where('hidden', '=', 0)
    .executeTakeFirst();

  const locale = toLocale(recipient.language) ?? brand.default_language;
  const t = (key: string) =>
    services.translate(locale, `push:notification.${job.kind}.${key}`, { name: other.name, site: brand.name });
  const payload: PushPayload = {
    kind: job.kind,
    title: t('title'),
    body: t('body'),
    url: job.kind === 'like' ? '/likes' : `/members/${job.otherId}/chat`,
    tag: `${job.kind === 'message' ? 'chat' : 'like'}-${job.otherId}`,
    unread: Number(unread?.total ?? 0),
  };
  const vapid = { subject: config.pushSubject, publicKey: config.pushPublicKey, privateKey: config.pushPrivateKey };
  const outcomes = await Promise.all(
    subscriptions.map((s) =>
      sendPush(s, payload, vapid, {
        topic: payload.tag.replace(/[^A-Za-z0-9_-]/g, ''),
        endpoints: { allowlist: config.pushEndpointAllowlist },
      }),
    ),
  );

  // Dead, or no longer a push service's address (its name now resolves to a private one): forgotten.
  const gone = subscriptions
    .filter((_, i) => outcomes[i]!.result === 'gone' || outcomes[i]!.result === 'refused')
    .map((s) => s.id);
  if (gone.length) await db.deleteFrom('push_subscriptions').where('id', 'in', gone).execute();
  const failed = subscriptions.filter((_, i) => outcomes[i]!.result === 'failed').map((s) => s.id);
  const attempt = job.attempt ?? 1;
  if (failed.length && attempt < PUSH_MAX_ATTEMPTS) {
    // Only the failed browsers again; the retry job itself is not retried by the runner (it queues the next).
    await enqueueJob(db, PUSH_JOB, { ...job, subscriptionIds: failed, attempt: attempt + 1 }, now, {
      runAt: now + PUSH_RETRY_BASE_MS * 2 ** (attempt - 1),
      maxAttempts: 1,
    });
  } else if (failed.length) {
    // The last attempt: fail the job, so `datekit jobs` lists it with the reason.
    const reasons = outcomes.flatMap((o) => (o.result === 'failed' ? [o.reason] : []));
    throw new Error(`push failed ${attempt} times: ${reasons.join('; ')}`);
  }
  return outcomes;
}
