import { z } from 'zod';

/** Spec §3 notification preference types, in the spec's order. */
export const NOTIFICATION_TYPES = [
  'new_conversations',
  'new_messages',
  'like',
  'unread_message_reminders',
  'promotions',
  'weekly_updates',
  'news',
  'reminders',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * What a member gets before choosing: everything about their own contacts and account, but no
 * marketing (promotions, news) until they opt in, as EU e-privacy rules require.
 */
export const NOTIFICATION_DEFAULTS: Record<NotificationType, boolean> = {
  new_conversations: true,
  new_messages: true,
  like: true,
  unread_message_reminders: true,
  promotions: false,
  weekly_updates: true,
  news: false,
  reminders: true,
};

/** Spec §4: why e-mail to a member is switched off: marked as spam, bounced, or list-unsubscribe. */
export const MAIL_DISABLED_REASONS = ['fbl', 'bounce', 'listunsubscribe'] as const;
export type MailDisabledReason = (typeof MAIL_DISABLED_REASONS)[number];

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
