/** Lengths of time, defined once for the server and the browser alike (issue 26: DAY_MS was written 10 times). */
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
export const WEEK_MS = 7 * DAY_MS;
/** A day in seconds, for what counts in unix seconds (dismissed alerts, session lifetimes). */
export const DAY_SECONDS = DAY_MS / 1000;
