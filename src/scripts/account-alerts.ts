import {
  accountAlertsShown,
  ALERT_STORAGE_KEYS,
  parseDismissedAt,
  type DismissibleAlert,
} from '../../packages/runtime/rules/dismissible-alerts.ts';
import { $user } from '../../packages/runtime/stores/user.ts';

/**
 * Shows the static account alerts (src/components/AccountAlert.astro) that apply to the member, once
 * GET /api/user.php answered (and as the member's state changes), and hides one for its pause when the
 * member dismisses it (unix seconds in localStorage, spec §4).
 */
function readDismissed(alert: DismissibleAlert): number | null {
  try {
    return parseDismissedAt(localStorage.getItem(ALERT_STORAGE_KEYS[alert]));
  } catch {
    return null;
  }
}

function dismiss(box: HTMLElement, alert: DismissibleAlert): void {
  try {
    localStorage.setItem(ALERT_STORAGE_KEYS[alert], String(Math.floor(Date.now() / 1000)));
  } catch {
    // Storage refused (private mode): the alert still closes for this page view.
  }
  box.hidden = true;
}

const boxes = [...document.querySelectorAll<HTMLElement>('[data-account-alert]')];
for (const box of boxes) {
  const alert = box.dataset.accountAlert as DismissibleAlert;
  box.querySelector('[data-dismiss-alert]')?.addEventListener('click', () => dismiss(box, alert));
}

const nowSeconds = Math.floor(Date.now() / 1000);
$user.subscribe((member) => {
  const shown = member
    ? accountAlertsShown(member, document.body.dataset.route ?? '', readDismissed, nowSeconds)
    : null;
  for (const box of boxes) {
    const alert = box.dataset.accountAlert as keyof NonNullable<typeof shown>;
    box.hidden = !shown?.[alert];
  }
});
