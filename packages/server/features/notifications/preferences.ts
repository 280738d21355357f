import { NOTIFICATION_DEFAULTS, NOTIFICATION_TYPES, type NotificationType } from '@datekit/runtime/data/notifications';
import type { NotificationSettings } from '@datekit/runtime/schemas/api/notifications';
import type { Db } from '../../db/database.ts';

/** The member's switches (defaults where they never chose) and why e-mail to them is off, if it is. */
export async function loadNotificationSettings(db: Db, userId: number): Promise<NotificationSettings> {
  const [rows, suppressions] = await Promise.all([
    db.selectFrom('notification_preferences').select(['type', 'enabled']).where('user_id', '=', userId).execute(),
    db
      .selectFrom('mail_suppressions')
      .select(['reason', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
  ]);
  const preferences = { ...NOTIFICATION_DEFAULTS };
  for (const row of rows) {
    if ((NOTIFICATION_TYPES as readonly string[]).includes(row.type))
      preferences[row.type as NotificationType] = row.enabled === 1;
  }
  return {
    preferences,
    disabled: suppressions.map((s) => ({ reason: s.reason, since: new Date(s.created_at).toISOString() })),
  };
}

/** Saves the switches sent, one row per type (insert or update, on both engines). */
export async function saveNotificationPreferences(
  db: Db,
  userId: number,
  changes: Partial<Record<NotificationType, boolean>>,
  now: number,
): Promise<void> {
  const entries = Object.entries(changes).filter(([, v]) => v !== undefined) as [NotificationType, boolean][];
  if (!entries.length) return;
  await db
    .insertInto('notification_preferences')
    .values(entries.map(([type, enabled]) => ({ user_id: userId, type, enabled: enabled ? 1 : 0, updated_at: now })))
    .onConflict((oc) =>
      oc.columns(['user_id', 'type']).doUpdateSet((eb) => ({
        enabled: eb.ref('excluded.enabled'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}

/**
 * Whether a mail of `type` may go to the member: their switch is on and e-mail to them is not
 * suppressed by a bounce or spam complaint. A one-click unsubscribe (`listunsubscribe`) switched its
 * own type off and is kept as the reason shown in the settings; other types still go out.
 */
export async function mayMail(db: Db, userId: number, type: NotificationType): Promise<boolean> {
  const settings = await loadNotificationSettings(db, userId);
  return !settings.disabled.some((d) => d.reason !== 'listunsubscribe') && settings.preferences[type];
}
