import { $authState } from '@datekit/runtime/stores/user';
import { captureTracking } from '@datekit/runtime/stores/tracking';

/**
 * Runs on every page. Keeps `logged-in` / `logged-out` on <body> (spec §2: the layout carries a class
 * for each), so that static parts of a page can follow the member state with CSS alone; listening
 * also starts the first GET /api/user.php without waiting for an island to hydrate.
 */
$authState.subscribe((state) => {
  const classes = document.body.classList;
  classes.toggle('auth-pending', state === 'unknown');
  classes.toggle('logged-in', state === 'logged-in');
  classes.toggle('logged-out', state === 'logged-out');
});

// Tracking parameters a visitor lands with are kept for the signup a few pages later.
captureTracking();
