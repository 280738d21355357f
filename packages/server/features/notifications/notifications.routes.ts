import { defineRoute } from '../../http/define-route.ts';
import {
  enableMailRoute,
  notificationsRoute,
  saveNotificationsRoute,
} from '@datekit/runtime/schemas/api/contracts/account';
import { liftMailSuppressions } from './notifications.queries.ts';
import { loadNotificationSettings, saveNotificationPreferences } from './preferences.ts';

export const getNotificationSettings = defineRoute({
  contract: notificationsRoute,
  summary:
    "The member's notification switches (spec §3 types) and the reasons e-mail to them is off (fbl, bounce, listunsubscribe).",
  auth: 'member',
  handler: async ({ member, services }) => loadNotificationSettings(services.db, member.id),
});

export const saveNotificationSettings = defineRoute({
  contract: saveNotificationsRoute,
  summary: 'Turn notification types on or off; only the types sent change.',
  auth: 'member',
  handler: async ({ body, member, services }) => {
    await saveNotificationPreferences(services.db, member.id, body.preferences, services.now());
    return loadNotificationSettings(services.db, member.id);
  },
});

export const enableMail = defineRoute({
  contract: enableMailRoute,
  summary:
    'Switch e-mail back on after it was turned off (marked as spam, bounced, unsubscribed): one reason, or every reason when none is sent.',
  auth: 'member',
  handler: async ({ body, member, services }) => {
    await liftMailSuppressions(services.db, member.id, body.reason);
    return loadNotificationSettings(services.db, member.id);
  },
});

export const notificationRoutes = [getNotificationSettings, saveNotificationSettings, enableMail];
