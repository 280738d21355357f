import { z } from 'zod';

/** base64url without padding, as PushSubscription.toJSON() gives the keys. */
const base64url = z.string().regex(/^[A-Za-z0-9_-]+$/, 'base64url');

/**
 * The browser's PushSubscription.toJSON(). p256dh is an uncompressed P-256 point (65 bytes, 87
 * characters), auth a 16-byte secret (22 characters) — RFC 8291.
 */
export const pushSubscriptionSchema = z.object({
  endpoint: z.string().max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: base64url.length(87),
    auth: base64url.length(22),
  }),
});

/**
 * POST /api/user.php?push=1 carries `subscription` (spec §7), as PUT user.php carries `language`:
 * `{ "subscription": PushSubscription.toJSON() }`. The bare subscription, which clients before this
 * sent, is still taken, so pages open during an update keep working.
 */
export const pushSubscriptionRequestSchema = z.preprocess(
  (body) =>
    body !== null && typeof body === 'object' && 'subscription' in body
      ? (body as { subscription: unknown }).subscription
      : body,
  pushSubscriptionSchema,
);

/** DELETE /api/user.php?push=1: push turned off in this browser. */
export const pushUnsubscribeRequestSchema = z.object({ endpoint: z.string().max(2048) });

export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionSchema>;
