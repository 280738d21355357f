import { type ExpressionBuilder, type Expression, type SqlBool } from 'kysely';
import { NOTIFICATION_DEFAULTS, type NotificationType } from '@datekit/runtime/data/notifications';
import type { Database } from '../../../db/schema.ts';

type UserScope = ExpressionBuilder<Database & { u: Database['users'] }, 'u'>;

/**
 * The SQL twin of `deliver`'s checks in mail-notifications.ts, for sweeps that pick many members in
 * one query: a confirmed account, not pending deletion nor erased, e-mail not suppressed by a bounce
 * or spam complaint (a one-click unsubscribe only turned its own type off), and the type switched on
 * (or never switched, with the type on by default).
 */
export function mayMailSql(eb: UserScope, type: NotificationType): Expression<SqlBool> {
  const choice = (enabled: 0 | 1) =>
    eb.exists(
      eb
        .selectFrom('notification_preferences as np')
        .select('np.user_id')
        .whereRef('np.user_id', '=', 'u.id')
        .where('np.type', '=', type)
        .where('np.enabled', '=', enabled),
    );
  return eb.and([
    eb('u.status', '=', 'active'),
    eb('u.deletion_requested_at', 'is', null),
    eb('u.erased_at', 'is', null),
    eb.not(
      eb.exists(
        eb
          .selectFrom('mail_suppressions as ms')
          .select('ms.user_id')
          .whereRef('ms.user_id', '=', 'u.id')
          .where('ms.reason', '!=', 'listunsubscribe'),
      ),
    ),
    NOTIFICATION_DEFAULTS[type] ? eb.not(choice(0)) : choice(1),
  ]);
}

/** Members handled per query of a sweep: a sweep makes a fixed number of queries per batch. */
export const DIGEST_BATCH = 200;
