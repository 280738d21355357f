import { atom, onMount, task } from 'nanostores';
import type { MailDisabledReason, NotificationType } from '../data/notifications.ts';
import type { NotificationSettings } from '../schemas/api/notifications.ts';
import { api, isBrowser } from './api.ts';
import { loadUser } from './user.ts';

export type NotificationSettingsState =
  { status: 'loading' } | { status: 'ready'; settings: NotificationSettings } | { status: 'failed'; error: unknown };

/** The member's notification switches and why e-mail is off (GET /api/notifications.php), while shown. */
export const $notificationSettings = atom<NotificationSettingsState>({ status: 'loading' });

onMount($notificationSettings, () => {
  if (!isBrowser()) return;
  void loadNotificationSettings().catch(() => undefined);
});

export function loadNotificationSettings(): Promise<NotificationSettings> {
  return task(async () => {
    try {
      const settings = await api().get<NotificationSettings>('/api/notifications.php');
      $notificationSettings.set({ status: 'ready', settings });
      return settings;
    } catch (error) {
      if ($notificationSettings.get().status !== 'ready') $notificationSettings.set({ status: 'failed', error });
      throw error;
    }
  });
}

/** Turns one type on or off; the store shows the server's answer. */
export function saveNotificationType(type: NotificationType, enabled: boolean): Promise<NotificationSettings> {
  return task(async () => {
    const settings = await api().put<NotificationSettings>('/api/notifications.php', {
      preferences: { [type]: enabled },
    });
    $notificationSettings.set({ status: 'ready', settings });
    return settings;
  });
}

/** Switches e-mail back on for one reason (or all); the user's notifications_disabled follows. */
export function enableMail(reason?: MailDisabledReason): Promise<NotificationSettings> {
  return task(async () => {
    const settings = await api().post<NotificationSettings>('/api/notifications-enable.php', reason ? { reason } : {});
    $notificationSettings.set({ status: 'ready', settings });
    void loadUser().catch(() => undefined);
    return settings;
  });
}
