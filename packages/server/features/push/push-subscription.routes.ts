import { createECDH } from 'node:crypto';
import { ApiError } from '../../errors/api-error.ts';
import { defineRoute } from '../../http/define-route.ts';
import { pushSubscribeRoute, pushUnsubscribeRoute } from '@datekit/runtime/schemas/api/contracts/user';
import { RATE_LIMITS } from '../../ops/rate-limits.ts';
import { checkPushEndpoint } from '../../push/push-endpoint.ts';
import { deleteSubscription, saveSubscription } from '../../push/subscriptions.ts';

/**
 * Where the subscription routes are mounted. The spec's address is `/api/user.php?push=1` (spec §7),
 * whose POST without `push=1` is the login: `pushRewrite` in app.ts sends `?push=1` requests here.
 */
export const PUSH_SUBSCRIPTION_URL = '/api/push-subscription.php';

/** Whether p256dh is a point on P-256, so that encrypting for it cannot fail later in the job. */
function isP256Point(p256dh: string): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(Buffer.from(p256dh, 'base64url'));
    return true;
  } catch {
    return false;
  }
}

const invalid = (field: string, text: string) => new ApiError('validation_failed', {}, { fields: { [field]: text } });

export const subscribePush = defineRoute({
  contract: pushSubscribeRoute,
  summary:
    "POST /api/user.php?push=1: store this browser's push subscription (PushSubscription.toJSON()). A member may have several browsers; the same endpoint subscribing again updates its keys. Another member's endpoint moves only with that browser's keys (409 push_endpoint_taken otherwise). Logging out forgets the subscriptions stored in that session.",
  auth: 'member',
  rateLimit: RATE_LIMITS.pushSubscriptions,
  errors: ['push_endpoint_taken'],
  handler: async ({ body, member, services }) => {
    const endpoint = await checkPushEndpoint(body.endpoint, { allowlist: services.config.pushEndpointAllowlist });
    if (!endpoint.ok) throw invalid('endpoint', "an https: address of the browser's push service");
    if (!isP256Point(body.keys.p256dh)) throw invalid('keys.p256dh', 'a P-256 public key');
    if (!(await saveSubscription(services.db, member.id, body, services.now(), member.sessionTokenHash)))
      throw new ApiError('push_endpoint_taken');
    return { ok: true as const };
  },
});

export const unsubscribePush = defineRoute({
  contract: pushUnsubscribeRoute,
  summary: 'DELETE /api/user.php?push=1: forget the push subscription of this browser (by its endpoint).',
  auth: 'member',
  errors: ['not_found'],
  handler: async ({ body, member, services }) => {
    if (!(await deleteSubscription(services.db, member.id, body.endpoint))) throw new ApiError('not_found');
    return { ok: true as const };
  },
});

export const pushSubscriptionRoutes = [subscribePush, unsubscribePush];

/** Fastify's rewriteUrl: `/api/user.php?push=1` (any method) is the push subscription resource. */
export function pushRewrite(url: string): string {
  // Every request passes here: the one path that can be rewritten is told apart before any splitting.
  if (!url.startsWith('/api/user.php?')) return url;
  const [pathname, search = ''] = url.split('?', 2) as [string, string | undefined];
  if (pathname !== '/api/user.php' || !new URLSearchParams(search).has('push')) return url;
  return `${PUSH_SUBSCRIPTION_URL}?${search}`;
}
