import { atom, task } from 'nanostores';
import type { MailDisabledReason, NotificationType } from '../data/notifications.ts';
import type { NotificationSettings } from '../schemas/api/notifications.ts';
import { api } from './api.ts';
import { createLoader, loadOnMount, type Loadable } from './loadable.ts';
import { loadUser } from './user.ts';

export type NotificationSettingsState = Loadable<NotificationSettings>;

/** The member's notification switches and why e-mail is off (GET /api/notifications.php), while shown. */
export const $notificationSettings = atom<NotificationSettingsState>({ status: 'loading' });

const settingsLoader = createLoader($notificationSettings, () => api().call('GET /api/notifications.php'));

loadOnMount($notificationSettings, settingsLoader);

/** The settings as they are now: a load that starts after this call. */
export function loadNotificationSettings(): Promise<NotificationSettings> {
  return settingsLoader.refresh();
}

/** Turns one type on or off; the store shows the server's answer. */
export function saveNotificationType(type: NotificationType, enabled: boolean): Promise<NotificationSettings> {
  return task(async () => {
    const settings = await api().call('PUT /api/notifications.php', { body: { preferences: { [type]: enabled } } });
    $notificationSettings.set({ status: 'ready', data: settings });
    return settings;
  });
}

/** Switches e-mail back on for one reason (or all); the user's notifications_disabled follows. */
export function enableMail(reason?: MailDisabledReason): Promise<NotificationSettings> {
  return task(async () => {
    const settings = await api().call('POST /api/notifications-enable.php', { body: reason ? { reason } : {} });
    $notificationSettings.set({ status: 'ready', data: settings });
    void loadUser().catch(() => undefined);
    return settings;
  });
}
