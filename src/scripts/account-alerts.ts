import { accountAlertsShown, type DismissibleAlert } from '@datekit/runtime/rules/dismissible-alerts';
import { $user } from '@datekit/runtime/stores/user';
import { readAlertDismissal, storeAlertDismissal } from './alert-dismissals.ts';

/**
 * Shows the static account alerts (src/components/AccountAlert.astro) that apply to the member, once
 * GET /api/user.php answered (and as the member's state changes), and hides one for its pause when the
 * member dismisses it (unix seconds in localStorage, spec §4).
 */
const boxes = [...document.querySelectorAll<HTMLElement>('[data-account-alert]')];
for (const box of boxes) {
  const alert = box.dataset.accountAlert as DismissibleAlert;
  box.querySelector('[data-dismiss-alert]')?.addEventListener('click', () => {
    storeAlertDismissal(alert);
    box.hidden = true;
  });
}

const nowSeconds = Math.floor(Date.now() / 1000);
$user.subscribe((member) => {
  const shown = member
    ? accountAlertsShown(member, document.body.dataset.route ?? '', readAlertDismissal, nowSeconds)
    : null;
  for (const box of boxes) {
    const alert = box.dataset.accountAlert as keyof NonNullable<typeof shown>;
    box.hidden = !shown?.[alert];
  }
});
