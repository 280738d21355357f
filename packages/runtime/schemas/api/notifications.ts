import { z } from 'zod';
import { MAIL_DISABLED_REASONS, NOTIFICATION_TYPES, type NotificationType } from '../../data/notifications.ts';

const preferencesShape = Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, z.boolean()])) as Record<
  NotificationType,
  z.ZodBoolean
>;

export const notificationSettingsSchema = z.object({
  preferences: z.object(preferencesShape),
  /** E-mail is off for these reasons, whatever the preferences say, until the member switches it on again. */
  disabled: z.array(z.object({ reason: z.enum(MAIL_DISABLED_REASONS), since: z.string() })),
});

export const notificationUpdateSchema = z.object({ preferences: z.object(preferencesShape).partial().strict() });

export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
