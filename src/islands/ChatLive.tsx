/**
 * Loaded by every page (BaseLayout): keeps the live events stream open for a logged-in member and the
 * title's "(n) " prefix and the installed-app badge up to date (spec §4). It renders nothing, so it is
 * a plain module script rather than a hydrated island; for visitors it only listens to `$user`.
 */
import { $live, startLiveEvents } from '@datekit/runtime/stores/live-events';

startLiveEvents();
// The stream's state on <body data-live>: what the end-to-end tests wait for, now that a shared worker
// (not the page) makes the request.
$live.subscribe((state) => {
  document.body.dataset.live = state;
});
