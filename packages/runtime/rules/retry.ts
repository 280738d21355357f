import { RETRY_BASE_DELAY_MS, RETRY_MAX_DELAY_MS } from './constants.ts';

/**
 * Wait before retry number `attempt` (1 for the first retry): exponential, capped, and spread by
 * `jitter` (0..1) between half and all of it, so clients that failed together do not return together.
 */
export function retryDelay(attempt: number, jitter = 1): number {
  const exponential = Math.min(RETRY_MAX_DELAY_MS, RETRY_BASE_DELAY_MS * 2 ** Math.max(0, attempt - 1));
  const spread = Math.min(1, Math.max(0, jitter));
  return Math.round(exponential * (0.5 + spread / 2));
}

/** Server errors may pass; client errors (4xx) never change by asking again (spec §7, brief). */
export function isRetryableStatus(status: number): boolean {
  return status >= 500 && status <= 599;
}
