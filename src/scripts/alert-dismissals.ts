import { ALERT_STORAGE_KEYS, parseDismissedAt, type DismissibleAlert } from '@datekit/runtime/rules/dismissible-alerts';

/**
 * When the member last dismissed an alert (unix seconds in localStorage, spec §4), for the static
 * alerts' script and the push alert's island alike. Storage that cannot be read counts as never.
 */
export function readAlertDismissal(alert: DismissibleAlert): number | null {
  try {
    return parseDismissedAt(localStorage.getItem(ALERT_STORAGE_KEYS[alert]));
  } catch {
    return null;
  }
}

/** Records a dismissal now; answers its time. Storage refused (private mode) still closes the alert for this page view. */
export function storeAlertDismissal(alert: DismissibleAlert): number {
  const now = Math.floor(Date.now() / 1000);
  try {
    localStorage.setItem(ALERT_STORAGE_KEYS[alert], String(now));
  } catch {
    // Nothing to keep it in: the caller still hides the alert.
  }
  return now;
}
