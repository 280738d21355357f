/** How long a client must wait before trying again, in the unit a person reads it in. */
export interface RetryWait {
  /** Picks the translation (`errors:rate_limited_minutes_other` …) as i18next's context. */
  context: 'seconds' | 'minutes' | 'hours';
  count: number;
}

/**
 * `Retry-After` seconds as words' parameters: seconds under a minute, minutes under an hour, else
 * hours. Rounded up, so the message never names a time at which the client would still be refused.
 */
export function retryWait(seconds: number): RetryWait {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return { context: 'seconds', count: whole };
  const minutes = Math.ceil(whole / 60);
  if (minutes < 60) return { context: 'minutes', count: minutes };
  return { context: 'hours', count: Math.ceil(minutes / 60) };
}
