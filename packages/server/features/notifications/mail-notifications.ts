import { randomBytes } from 'node:crypto';
import { toLocale } from '@datekit/runtime/data/locales';
import type { NotificationType } from '@datekit/runtime/data/notifications';
import type { Db } from '../../db/database.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { brandSender } from '../../mail/templates/link-mail.ts';
import { notificationMail, type NotificationMailKind } from '../../mail/templates/notification-mail.ts';
import type { Services } from '../../services.ts';
import { unreadCount } from '../chat/chat.queries.ts';
import { likeStands } from '../likes/likes.queries.ts';
import { visibleTo } from '../members/visible-to.ts';
import { hashToken } from '../users/current-member.ts';
import { hasOpenTab } from './presence.ts';
import { mayMail } from './preferences.ts';

/**
 * Batching window: a notification mail goes out this long after the event that caused it, and at
 * most one per conversation (or per liker) and window — events inside the window join the job the
 * first one queued. The member gets time to see it in an open tab first.
 */
export const NOTIFICATION_BATCH_MINUTES = 15;
export const NOTIFICATION_BATCH_MS = NOTIFICATION_BATCH_MINUTES * 60_000;

export const MESSAGE_MAIL_JOB = 'notify-message';
export const LIKE_MAIL_JOB = 'notify-like';

export interface MessageMailJob {
  conversationId: number;
  recipientId: number;
  senderId: number;
  /** The batch began with the conversation's first message (type new_conversations). */
  newConversation: boolean;
}

export interface LikeMailJob {
  likerId: number;
  likedId: number;
  match: boolean;
}

/**
 * Queues a notification mail's job for the end of the batching window, unless one with the same
 * `batch` key is already waiting: then the event joins that job and its window.
 */
function queueBatched(
  trx: Db,
  name: string,
  batch: string,
  job: MessageMailJob | LikeMailJob,
  now: number,
  batchMs: number,
) {
  return enqueueJob(trx, name, job, now, { runAt: now + batchMs, uniqueKey: `${name}:${batch}`, keepExisting: true });
}

/** Queues the mail about a message, in `trx` (the transaction storing it), batched per conversation and recipient. */
export async function queueMessageMail(trx: Db, job: MessageMailJob, now: number, batchMs = NOTIFICATION_BATCH_MS) {
  await queueBatched(trx, MESSAGE_MAIL_JOB, `${job.conversationId}:${job.recipientId}`, job, now, batchMs);
}

/** Queues the mail about a like or match to the liked member, in the transaction storing the like. */
export async function queueLikeMail(trx: Db, job: LikeMailJob, now: number, batchMs = NOTIFICATION_BATCH_MS) {
  await queueBatched(trx, LIKE_MAIL_JOB, `${job.likedId}:${job.likerId}`, job, now, batchMs);
}

/** The job for MESSAGE_MAIL_JOB: mails the recipient if the messages are still unread. */
export async function runMessageMailJob(services: Services, job: MessageMailJob): Promise<boolean> {
  if ((await unreadCount(services.db, job.recipientId, job.conversationId)) === 0) return false;
  return deliver(services, {
    recipientId: job.recipientId,
    otherId: job.senderId,
    type: job.newConversation ? 'new_conversations' : 'new_messages',
    kind: job.newConversation ? 'new_conversation' : 'new_message',
    path: `/members/${job.senderId}/chat`,
  });
}

/** The job for LIKE_MAIL_JOB: mails the liked member if the like still stands. */
export async function runLikeMailJob(services: Services, job: LikeMailJob): Promise<boolean> {
  if (!(await likeStands(services.db, job.likerId, job.likedId))) return false;
  return deliver(services, {
    recipientId: job.likedId,
    otherId: job.likerId,
    type: 'like',
    kind: job.match ? 'match' : 'like',
    path: job.match ? `/members/${job.likerId}/chat` : '/likes',
  });
}

/**
 * Sends one notification mail, deciding at run time: never to an unconfirmed, pending-deletion or
 * erased account, nor when the type is off or e-mail to the member is suppressed (bounce, spam
 * complaint), nor while they have a tab open, nor about a member who is gone or blocked either way.
 * Answers whether a mail went out.
 */
async function deliver(
  services: Services,
  input: { recipientId: number; otherId: number; type: NotificationType; kind: NotificationMailKind; path: string },
): Promise<boolean> {
  const { db } = services;
  const now = services.now();
  const recipient = await db
    .selectFrom('users as u')
    .innerJoin('profiles as p', 'p.id', 'u.id')
    .select(['u.email', 'u.brand', 'u.language', 'u.status', 'u.deletion_requested_at', 'u.erased_at', 'p.name'])
    .where('u.id', '=', input.recipientId)
    .executeTakeFirst();
  if (!recipient || recipient.status !== 'active') return false;
  if (recipient.deletion_requested_at !== null || recipient.erased_at !== null) return false;
  // A notification is about a like or a conversation, which keep to one brand; they stay about an invisible member.
  const other = await db
    .selectFrom('profiles as p')
    .select('p.name')
    .where('p.id', '=', input.otherId)
    .where((eb) =>
      visibleTo(eb, input.recipientId, { brand: null, activeOnly: true, hideInvisible: false, hideBlocked: true }),
    )
    .executeTakeFirst();
  if (!other) return false;
  if (!(await mayMail(db, input.recipientId, input.type))) return false;
  if (await hasOpenTab(db, input.recipientId, now, services.config.presenceWindowMs)) return false;
  const brand = services.brands.get(recipient.brand);
  if (!brand) return false;

  const origin = `https://${brand.domain}`;
  const token = await createUnsubscribeToken(db, input.recipientId, input.type, now);
  await services.mailer.send(
    notificationMail({
      kind: input.kind,
      brand,
      locale: toLocale(recipient.language) ?? brand.default_language,
      translate: services.translate,
      from: brandSender(brand, services.config.mailFrom),
      to: recipient.email,
      name: recipient.name,
      otherName: other.name,
      link: `${origin}${input.path}`,
      unsubscribeUrl: `${origin}/api/unsubscribe.php?token=${token}`,
    }),
  );
  return true;
}

/** An opaque link secret that turns `type` off for the member; only its hash is stored. */
/** Unsubscribe tokens for many members at once (digest sweeps), in one insert; by member id. */
export async function createUnsubscribeTokens(
  db: Db,
  userIds: readonly number[],
  type: NotificationType,
  now: number,
): Promise<Map<number, string>> {
  const tokens = new Map(userIds.map((id) => [id, randomBytes(32).toString('base64url')]));
  if (tokens.size === 0) return tokens;
  await db
    .insertInto('unsubscribe_tokens')
    .values(
      [...tokens].map(([userId, token]) => ({ token_hash: hashToken(token), user_id: userId, type, created_at: now })),
    )
    .execute();
  return tokens;
}

export async function createUnsubscribeToken(
  db: Db,
  userId: number,
  type: NotificationType,
  now: number,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('unsubscribe_tokens')
    .values({ token_hash: hashToken(token), user_id: userId, type, created_at: now })
    .execute();
  return token;
}
