import { checkPublicEndpoint } from '../../push/push-endpoint.ts';
import type { Services } from '../../services.ts';
import { deliveryById, moveDelivery, recordAttempt } from './postbacks.queries.ts';

export const POSTBACK_JOB = 'postback-send';
/** Attempts per delivery; the job runner waits 1, 2, 4, 8 … minutes between them (jobs/runner.ts). */
export const POSTBACK_MAX_ATTEMPTS = 8;

/**
 * The `postback-send` job: one GET of a delivery's URL. The endpoint is checked again now (what a name
 * resolves to can change since the config was added): a loopback or private address is refused for
 * good, a name that does not resolve is tried again. A 2xx answer marks it sent; anything else, or
 * no answer within POSTBACK_TIMEOUT_MS, is recorded and thrown, so the runner retries it with backoff
 * until POSTBACK_MAX_ATTEMPTS, after which the delivery is `failed`. Redirects are not followed: a
 * redirect could lead past the address check.
 */
export async function sendPostback(services: Services, deliveryId: number): Promise<void> {
  const delivery = await deliveryById(services.db, deliveryId);
  if (delivery?.status !== 'queued') return;
  const started = services.now();
  const clock = performance.now();
  const attempt = async (status_code: number | null, error: string | null) =>
    recordAttempt(services.db, {
      delivery_id: delivery.id,
      at: started,
      status_code,
      duration_ms: Math.round(performance.now() - clock),
      error,
    });
  const verdict = await checkPublicEndpoint(delivery.url, { allowlist: services.config.postbackEndpointAllowlist });
  if (!verdict.ok && verdict.why === 'refused') {
    await attempt(null, `refused: ${verdict.reason}`);
    await moveDelivery(services.db, delivery.id, 'queued', { status: 'refused' });
    return;
  }
  let failure: string;
  let statusCode: number | null = null;
  if (!verdict.ok) {
    failure = verdict.reason;
  } else {
    try {
      const response = await fetch(delivery.url, {
        redirect: 'manual',
        signal: AbortSignal.timeout(services.config.postbackTimeoutMs),
        headers: { 'user-agent': 'datekit-postback/1' },
      });
      statusCode = response.status;
      await response.body?.cancel();
      failure = `HTTP ${response.status}`;
      if (response.ok) {
        await attempt(statusCode, null);
        await moveDelivery(services.db, delivery.id, 'queued', { status: 'sent', sent_at: services.now() });
        return;
      }
    } catch (error) {
      const err = error as Error & { cause?: { code?: string; message?: string } };
      const cause = err.cause?.code ?? err.cause?.message;
      failure =
        err.name === 'TimeoutError'
          ? `no answer within ${services.config.postbackTimeoutMs} ms`
          : `${err.message}${cause ? ` (${cause})` : ''}`;
    }
  }
  const attempts = await attempt(statusCode, failure);
  if (attempts >= POSTBACK_MAX_ATTEMPTS) await moveDelivery(services.db, delivery.id, 'queued', { status: 'failed' });
  throw new Error(`postback ${delivery.id} attempt ${attempts}: ${failure}`);
}
