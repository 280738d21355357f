/**
 * Page-bounce logging of landers (spec §7, §9): with the query flag `lb`, the page tells the server once
 * when it becomes hidden, with an empty JSON body sent as a beacon. The server takes the brand, the
 * lander and the tracking parameters from the request's Referer.
 */
export const BOUNCE_LOG_FLAG = 'lb';
export const PAGE_HIDDEN_ENDPOINT = '/api/page-hidden.php';

/** Whether the page was opened with the flag (`?lb`, `?lb=1`, any value). */
export function bounceLoggingEnabled(search: string): boolean {
  return new URLSearchParams(search).has(BOUNCE_LOG_FLAG);
}

/** The beacon's body: empty JSON, typed so that the server parses it as JSON. */
export function pageHiddenBody(): Blob {
  return new Blob(['{}'], { type: 'application/json' });
}
