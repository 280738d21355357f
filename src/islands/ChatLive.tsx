/**
 * Loaded by every page (BaseLayout): keeps the live events stream open for a logged-in member and the
 * title's "(n) " prefix and the installed-app badge up to date (spec §4). It renders nothing, so it is
 * a plain module script rather than a hydrated island; for visitors it only listens to `$user`.
 */
import { $live, startLiveEvents } from '@datekit/runtime/stores/live-events';

startLiveEvents();
// Each time the stream opens, a performance mark (`datekit-live-open`): when a member's page became
// live, for a performance trace, and what the end-to-end tests wait for, now that a shared worker (not
// the page) makes the request. Not in the DOM: changing it made the top bar move in a test.
$live.listen((state) => {
  if (state === 'open') performance.mark('datekit-live-open');
});
