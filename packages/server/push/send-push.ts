import webpush from 'web-push';
import { NonPublicAddressError, postToPushService } from './post-to-push-service.ts';
import { checkPushEndpoint, type PushEndpointPolicy } from './push-endpoint.ts';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

/**
 * What became of a push: delivered (accepted), gone (404/410: the subscription is dead), refused (the
 * endpoint is no push service's address now: never contacted), failed (to be retried).
 */
export type PushOutcome =
  | { result: 'sent' }
  | { result: 'gone' }
  | { result: 'refused'; reason: string }
  | { result: 'failed'; reason: string };

/** How long a push service may keep an undelivered notification: a day; older news is stale. */
const PUSH_TTL_SECONDS = 86_400;
const PUSH_TIMEOUT_MS = 10_000;
/** A signed VAPID header is valid 12 h; we sign one per push service and reuse it for an hour. */
const VAPID_EXPIRY_SECONDS = 12 * 3600;
const VAPID_REUSE_MS = 3_600_000;

const vapidCache = new Map<string, { header: string; until: number }>();

/**
 * The VAPID Authorization header for one push service (its origin is the JWT's audience). Signing
 * (ES256) is most of the CPU a push costs, and the header is the same for every push to that service,
 * so it is signed once an hour, not once per push.
 */
function vapidHeader(audience: string, vapid: VapidDetails, now: number): string {
  const key = `${audience}|${vapid.publicKey}|${vapid.subject}`;
  const cached = vapidCache.get(key);
  if (cached && cached.until > now) return cached.header;
  const { Authorization } = webpush.getVapidHeaders(
    audience,
    vapid.subject,
    vapid.publicKey,
    vapid.privateKey,
    'aes128gcm',
    Math.floor(now / 1000) + VAPID_EXPIRY_SECONDS,
  );
  vapidCache.set(key, { header: Authorization, until: now + VAPID_REUSE_MS });
  return Authorization;
}

/**
 * Sends one push (RFC 8030): web-push encrypts the payload for the browser's keys (aes128gcm, RFC 8291)
 * and signs the VAPID header (RFC 8292); the request goes out over pooled keep-alive connections
 * (postToPushService), whose every connect checks the addresses it goes to. `topic` lets the service
 * replace an undelivered push of the same topic (several messages in one chat while the phone is off).
 */
export async function sendPush(
  target: PushTarget,
  payload: unknown,
  vapid: VapidDetails,
  options: { topic?: string; endpoints: PushEndpointPolicy },
): Promise<PushOutcome> {
  // Again at send time: the name may point elsewhere than when the browser subscribed.
  const endpoint = await checkPushEndpoint(target.endpoint, options.endpoints);
  if (!endpoint.ok) return { result: endpoint.why === 'refused' ? 'refused' : 'failed', reason: endpoint.reason };
  const encrypted = webpush.encrypt(target.p256dh, target.auth, JSON.stringify(payload), 'aes128gcm');
  const headers: Record<string, string> = {
    TTL: String(PUSH_TTL_SECONDS),
    Urgency: 'high',
    'Content-Type': 'application/octet-stream',
    'Content-Encoding': 'aes128gcm',
    Authorization: vapidHeader(new URL(target.endpoint).origin, vapid, Date.now()),
    ...(options.topic ? { Topic: options.topic } : {}),
  };
  let status: number;
  try {
    status = await postToPushService(target.endpoint, {
      headers,
      body: new Uint8Array(encrypted.cipherText),
      timeoutMs: PUSH_TIMEOUT_MS,
      policy: options.endpoints,
    });
  } catch (error) {
    if (error instanceof NonPublicAddressError) return { result: 'refused', reason: error.message };
    return { result: 'failed', reason: error instanceof Error ? error.message : String(error) };
  }
  if (status >= 200 && status < 300) return { result: 'sent' };
  if (status === 404 || status === 410) return { result: 'gone' };
  return { result: 'failed', reason: `push service answered ${status}` };
}
