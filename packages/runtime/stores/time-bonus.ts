import { atom, onMount } from 'nanostores';
import { timeBonusSecondsLeft } from '../rules/payments.ts';
import { isBrowser } from './api.ts';
import { $user } from './user.ts';

/**
 * The time bonus (spec §4): seconds left for a logged-in unpaid member within 4 h of signup, counting
 * down each second; null when logged out, once paid, at 0, or when 4 h have passed before it started.
 * Follows the login state.
 */
export const $timeBonus = atom<number | null>(null);

let now: () => number = () => Date.now();

/** Replaces the clock (tests). */
export function configureTimeBonusClock(clock: () => number): void {
  now = clock;
}

function secondsLeft(): number | null {
  const user = $user.value;
  if (!user) return null;
  const left = timeBonusSecondsLeft(Date.parse(user.signup_date), now(), user.paid_user);
  return left > 0 ? left : null;
}

onMount($timeBonus, () => {
  if (!isBrowser()) return;
  let timer: ReturnType<typeof setInterval> | undefined;
  const stop = () => {
    clearInterval(timer);
    timer = undefined;
  };
  const update = () => {
    const left = secondsLeft();
    $timeBonus.set(left);
    if (left === null) stop();
  };
  const unbind = $user.subscribe(() => {
    update();
    if ($timeBonus.value !== null && timer === undefined) timer = setInterval(update, 1000);
  });
  return () => {
    unbind();
    stop();
    $timeBonus.set(null);
  };
});
