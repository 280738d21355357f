import webpush from 'web-push';

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

/** What the push service answered: delivered (accepted), gone (404/410: the subscription is dead), failed. */
export type PushOutcome = { result: 'sent' } | { result: 'gone' } | { result: 'failed'; reason: string };

/** How long a push service may keep an undelivered notification: a day; older news is stale. */
const PUSH_TTL_SECONDS = 86_400;
const PUSH_TIMEOUT_MS = 10_000;

/**
 * Sends one push: web-push encrypts the payload for the browser's keys (aes128gcm, RFC 8291) and signs
 * the VAPID header; the request itself goes out with fetch, whose pooled keep-alive connections let
 * many pushes to one push service share connections. `topic` lets the service replace an undelivered
 * push of the same topic (several messages in one chat while the phone is off: one notification).
 */
export async function sendPush(
  target: PushTarget,
  payload: unknown,
  vapid: VapidDetails,
  options: { topic?: string } = {},
): Promise<PushOutcome> {
  const request = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: vapid,
      TTL: PUSH_TTL_SECONDS,
      contentEncoding: 'aes128gcm',
      urgency: 'high',
      ...(options.topic ? { topic: options.topic } : {}),
    },
  );
  let response: Response;
  try {
    response = await fetch(request.endpoint, {
      method: 'POST',
      headers: request.headers as Record<string, string>,
      body: request.body,
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    });
  } catch (error) {
    return { result: 'failed', reason: error instanceof Error ? error.message : String(error) };
  }
  await response.body?.cancel();
  if (response.ok) return { result: 'sent' };
  if (response.status === 404 || response.status === 410) return { result: 'gone' };
  return { result: 'failed', reason: `push service answered ${response.status}` };
}
