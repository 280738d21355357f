/*
 * The notification types and mail-off reasons as plain data, apart from their zod schemas, so that
 * browser code reading them does not load zod.
 */

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
