/**
 * The console's writes go once, never retried by the client: a failure shows on the page and the
 * operator decides whether to do it again.
 */
export const ONCE = { retries: 0 } as const;
