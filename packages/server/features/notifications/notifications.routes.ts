import { z } from 'zod';
import { MAIL_DISABLED_REASONS } from '@datekit/runtime/data/notifications';
import { notificationSettingsSchema, notificationUpdateSchema } from '@datekit/runtime/schemas/api/notifications';
import { defineRoute } from '../../http/define-route.ts';
import { liftMailSuppressions } from './notifications.queries.ts';
import { loadNotificationSettings, saveNotificationPreferences } from './preferences.ts';

export const getNotificationSettings = defineRoute({
  method: 'GET',
  url: '/api/notifications.php',
  summary:
    "The member's notification switches (spec §3 types) and the reasons e-mail to them is off (fbl, bounce, listunsubscribe).",
  auth: 'member',
  response: notificationSettingsSchema,
  handler: async ({ member, services }) => loadNotificationSettings(services.db, member.id),
});

export const saveNotificationSettings = defineRoute({
  method: 'PUT',
  url: '/api/notifications.php',
  summary: 'Turn notification types on or off; only the types sent change.',
  auth: 'member',
  body: notificationUpdateSchema,
  response: notificationSettingsSchema,
  handler: async ({ body, member, services }) => {
    await saveNotificationPreferences(services.db, member.id, body.preferences, services.now());
    return loadNotificationSettings(services.db, member.id);
  },
});

export const enableMail = defineRoute({
  method: 'POST',
  url: '/api/notifications-enable.php',
  summary:
    'Switch e-mail back on after it was turned off (marked as spam, bounced, unsubscribed): one reason, or every reason when none is sent.',
  auth: 'member',
  body: z.object({ reason: z.enum(MAIL_DISABLED_REASONS).optional() }),
  response: notificationSettingsSchema,
  handler: async ({ body, member, services }) => {
    await liftMailSuppressions(services.db, member.id, body.reason);
    return loadNotificationSettings(services.db, member.id);
  },
});

export const notificationRoutes = [getNotificationSettings, saveNotificationSettings, enableMail];
