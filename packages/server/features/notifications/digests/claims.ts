import type { Db } from '../../../db/database.ts';
import type { DigestMailsTable } from '../../../db/schema.ts';
import type { OutgoingMail } from '../../../mail/mailer.ts';
import type { Services } from '../../../services.ts';

type Kind = DigestMailsTable['kind'];

/**
 * Claims a digest per member and period in one insert; answers the members whose claim is new. The
 * primary key (member, kind, period) lets only one of two concurrent sweeps, or of a sweep and its
 * re-run after a restart, through: that one sends the mail.
 */
export async function claimDigests(
  db: Db,
  claims: { userId: number; period: string; coversUntil: number | null; sent: boolean }[],
  kind: Kind,
  now: number,
): Promise<Set<number>> {
  if (!claims.length) return new Set();
  const inserted = await db
    .insertInto('digest_mails')
    .values(
      claims.map((c) => ({
        user_id: c.userId,
        kind,
        period: c.period,
        covers_until: c.coversUntil,
        sent: c.sent ? 1 : 0,
        created_at: now,
      })),
    )
    .onConflict((oc) => oc.columns(['user_id', 'kind', 'period']).doNothing())
    .returning('user_id')
    .execute();
  return new Set(inserted.map((r) => r.user_id));
}

/**
 * Sends the claimed members' mails. A mail that fails gives its claim back (one delete for all of
 * them) and the job fails, so the queue retries it and only those members are mailed again.
 */
export async function sendClaimed<R extends { id: number }>(
  services: Services,
  kind: Kind,
  rows: R[],
  render: (row: R) => OutgoingMail | null,
  period: (row: R) => string,
): Promise<number> {
  let sent = 0;
  const failed: R[] = [];
  let lastError: unknown;
  for (const row of rows) {
    const mail = render(row);
    if (!mail) continue;
    try {
      await services.mailer.send(mail);
      sent += 1;
    } catch (error) {
      failed.push(row);
      lastError = error;
    }
  }
  if (failed.length) {
    await services.db
      .deleteFrom('digest_mails')
      .where('kind', '=', kind)
      .where((eb) => eb.or(failed.map((r) => eb.and([eb('user_id', '=', r.id), eb('period', '=', period(r))]))))
      .execute();
    throw lastError;
  }
  return sent;
}
