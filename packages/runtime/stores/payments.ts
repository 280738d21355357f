import { atom, task } from 'nanostores';
import type { CreditOffers, DiscountCodeJson, Payment } from '../schemas/api/payments.ts';
import { api } from './api.ts';
import { createLoader, loadForMember, type Loadable } from './loadable.ts';
import { $user } from './user.ts';
import { onLiveEvent } from './live-events.ts';

/** The bundles priced for the member, with the discount the server applies now and the methods offered. */
export const $creditOffers = atom<Loadable<CreditOffers>>({ status: 'idle' });

const offersLoader = createLoader($creditOffers, () => api().call('GET /api/credits.php'));

// The welcome discount ends with the first purchase: the offers load again when the member becomes premium.
loadForMember($creditOffers, offersLoader, () => {
  let paid = $user.value?.paid_user;
  return $user.listen((user) => {
    if (!user || user.paid_user === paid) return;
    paid = user.paid_user;
    void offersLoader.refresh().catch(() => undefined);
  });
});

/** A code the member typed, as the server answered it; null until one applies. */
export async function lookUpDiscount(code: string): Promise<DiscountCodeJson> {
  const { discount_code } = await api().call('GET /api/discountcode.php', { query: { code } });
  return discount_code;
}

/**
 * The welcome discount (spec §7 `discountcode.php?welcome=true`), or null when none applies; a failure
 * of this variant is ignored (spec §8), also answering null.
 */
export async function loadWelcomeDiscount(): Promise<DiscountCodeJson | null> {
  try {
    const { discount_code } = await api().call(
      'GET /api/discountcode.php',
      { query: { welcome: 'true' } },
      { retries: 0 },
    );
    return discount_code;
  } catch {
    return null;
  }
}

/**
 * Starts a payment and answers the provider's checkout URL. Only the bundle, method and code are
 * sent: the server prices the order. Its retries carry the click's one Idempotency-Key, so one click
 * is one payment however often the answer is lost.
 */
export async function startCheckout(bundleId: string, method: string, code?: string): Promise<string> {
  const { checkout_url } = await api().call('POST /api/payment.php', {
    body: { bundle_id: bundleId, method, ...(code ? { discount_code: code } : {}) },
  });
  return checkout_url;
}

/** The payment the member came back from (the outcome screens). */
export const $payment = atom<Loadable<Payment>>({ status: 'idle' });

export function loadPayment(id: number): Promise<void> {
  return task(async () => {
    try {
      const { payment } = await api().call('GET /api/payment.php', { query: { id } });
      $payment.set({ status: 'ready', data: payment });
    } catch (error) {
      if ($payment.value.status !== 'ready') $payment.set({ status: 'failed', error });
    }
  });
}

/** While a payment is undecided, check it again this often in case the live events are down. */
export const PAYMENT_RECHECK_MS = 5_000;

/**
 * Follows one payment: loads it, reloads it whenever the member's credits change (the live events
 * stream tells the open tab when a pending payment completes), and rechecks while it is undecided.
 * Answers the stop function.
 */
export function followPayment(id: number): () => void {
  $payment.set({ status: 'loading' });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const undecided = () => {
    const state = $payment.value;
    return state.status !== 'ready' || state.data.status === 'open' || state.data.status === 'pending';
  };
  const check = () => {
    void loadPayment(id).then(() => {
      if (stopped || !undecided()) return;
      clearTimeout(timer);
      timer = setTimeout(check, PAYMENT_RECHECK_MS);
    });
  };
  const unlisten = onLiveEvent((event) => {
    if (event.type === 'credits' && undecided()) check();
  });
  check();
  return () => {
    stopped = true;
    clearTimeout(timer);
    unlisten();
  };
}

/** The member's payments, newest first (the transactions page). */
export const $payments = atom<Loadable<Payment[]>>({ status: 'idle' });

loadForMember(
  $payments,
  createLoader($payments, async () => (await api().call('GET /api/payments.php')).payments),
);
