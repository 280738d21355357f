import { sql } from 'kysely';
import { toLocale } from '@datekit/runtime/data/locales';
import { everyHour, type RecurringJob } from '../../../jobs/recurring.ts';
import { brandSender } from '../../../mail/templates/link-mail.ts';
import { unreadReminderMail } from '../../../mail/templates/digest-mail.ts';
import type { Services } from '../../../services.ts';
import { visibleTo } from '../../members/visible-to.ts';
import { createUnsubscribeTokens } from '../mail-notifications.ts';
import { claimDigests, sendClaimed } from './claims.ts';
import { DIGEST_BATCH, mayMailSql } from './mailable.ts';
import { DAY_MS, HOUR_MS } from '@datekit/runtime/rules/time';

/** A conversation counts for a reminder once its unread messages have waited this long without a reply. */
export const UNREAD_REMINDER_DELAY_MS = 24 * HOUR_MS;
/** At most one reminder per member in this period. */
export const UNREAD_REMINDER_PERIOD_MS = 3 * DAY_MS;

/** The other member of conversation `c`, seen from member `u`. */
const OTHER = sql<number>`(case when c.member_a = u.id then c.member_b else c.member_a end)`;

/** The sweep that sends the reminders, every full hour. */
export const UNREAD_REMINDER_SWEEP: RecurringJob = { name: 'sweep-unread-reminders', next: everyHour };

/**
 * Mails one reminder to every member due one: with conversations whose unread messages have waited
 * UNREAD_REMINDER_DELAY_MS (counted from the conversation's last message), who has not had the site
 * open since the newest of them, has had no reminder in UNREAD_REMINDER_PERIOD_MS, nor one covering
 * these same messages, and may be mailed about type unread_message_reminders. One query finds a batch
 * of due members with their unread counts; claims, unsubscribe links and the mails follow per batch.
 * Answers how many mails went out.
 */
export async function sweepUnreadReminders(services: Services): Promise<number> {
  const { db } = services;
  const now = services.now();
  let sent = 0;
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('users as u')
      .innerJoin('profiles as own', 'own.id', 'u.id')
      .innerJoin('conversation_members as cm', 'cm.member_id', 'u.id')
      .innerJoin('conversations as c', 'c.id', 'cm.conversation_id')
      .leftJoin('member_presence as mp', 'mp.user_id', 'u.id')
      .select((eb) => [
        'u.id',
        'u.email',
        'u.brand',
        'u.language',
        'own.name',
        eb.fn.sum<number | string>('cm.unread').as('unread'),
        eb.fn.max<number | string>('c.last_message_at').as('newest'),
      ])
      .where('u.id', '>', after)
      .where('cm.unread', '>', 0)
      .where('c.last_message_at', '<=', now - UNREAD_REMINDER_DELAY_MS)
      // As for the per-message mails: not about a member who is gone, or blocked either way.
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('profiles as p')
            .innerJoin('users as ou', 'ou.id', 'p.id')
            .select('p.id')
            .where('p.id', '=', OTHER)
            .where('ou.deletion_requested_at', 'is', null)
            .where((other) =>
              visibleTo(other, other.ref('u.id'), {
                brand: null,
                activeOnly: true,
                hideInvisible: false,
                hideBlocked: true,
              }),
            ),
        ),
      )
      .where((eb) => mayMailSql(eb, 'unread_message_reminders'))
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('digest_mails as recent')
              .select('recent.user_id')
              .whereRef('recent.user_id', '=', 'u.id')
              .where('recent.kind', '=', 'unread_reminder')
              .where('recent.created_at', '>', now - UNREAD_REMINDER_PERIOD_MS),
          ),
        ),
      )
      .groupBy(['u.id', 'u.email', 'u.brand', 'u.language', 'own.name'])
      // Something newer than what the last reminder covered, and no visit since it arrived.
      .having(
        sql<boolean>`max(c.last_message_at) > coalesce((select max(d.covers_until) from digest_mails d where d.user_id = u.id and d.kind = 'unread_reminder'), 0)`,
      )
      .having(sql<boolean>`coalesce(max(mp.stream_seen_at), 0) < max(c.last_message_at)`)
      .orderBy('u.id')
      .limit(DIGEST_BATCH)
      .execute();
    if (!rows.length) return sent;
    after = rows.at(-1)!.id;

    const due = rows.map((r) => ({ ...r, unread: Number(r.unread), newest: Number(r.newest) }));
    const claimed = await claimDigests(
      db,
      due.map((r) => ({ userId: r.id, period: String(r.newest), coversUntil: r.newest, sent: true })),
      'unread_reminder',
      now,
    );
    const mine = due.filter((r) => claimed.has(r.id));
    const tokens = await createUnsubscribeTokens(
      db,
      mine.map((r) => r.id),
      'unread_message_reminders',
      now,
    );
    sent += await sendClaimed(
      services,
      'unread_reminder',
      mine,
      (r) => {
        const brand = services.brands.get(r.brand);
        if (!brand) return null;
        const origin = `https://${brand.domain}`;
        return unreadReminderMail({
          brand,
          locale: toLocale(r.language) ?? brand.default_language,
          translate: services.translate,
          from: brandSender(brand, services.config.mailFrom),
          to: r.email,
          name: r.name,
          origin,
          unsubscribeUrl: `${origin}/api/unsubscribe.php?token=${tokens.get(r.id)!}`,
          unread: r.unread,
        });
      },
      (r) => String(r.newest),
    );
    if (rows.length < DIGEST_BATCH) return sent;
  }
}
