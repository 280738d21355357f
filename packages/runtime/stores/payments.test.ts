import { allTasks, cleanStores, keepMount } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DiscountCodeJson, Payment } from '../schemas/api/payments.ts';
import { configureApi } from './api.ts';
import { handleLiveEvent } from './live-events.ts';
import { $creditOffers, $payment, followPayment, loadWelcomeDiscount, startCheckout } from './payments.ts';
import { json, scriptedFetch } from './test-network.ts';
import { $user } from './user.ts';
import { testMember, testProfile } from '../test-fixtures.ts';

const noWait = { sleep: async () => undefined, random: () => 1 };
const flush = async () => {
  await allTasks();
  await new Promise((resolve) => setTimeout(resolve, 0));
};

const payment = (status: Payment['status']): Payment => ({
  id: 7,
  payment_id: 'tr_sbx_1',
  bundle_id: 'starter',
  credits: 60,
  amount_cents: 1121,
  list_amount_cents: 1495,
  currency: 'EUR',
  method: 'creditcard',
  status,
  discount_code: 'TIMEBONUS25',
  discount_percent: 25,
  refunded_cents: 0,
  vat_rate: 21,
  net_cents: 926,
  vat_cents: 195,
  created_at: '2026-11-24T10:00:00.000Z',
  paid_at: null,
});

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  stop = undefined;
});

describe('payments store', () => {
  it('starts a checkout with only the bundle, method and code, retried under one Idempotency-Key', async () => {
    const keys: (string | null)[] = [];
    let attempts = 0;
    const { fetch: scripted, calls } = scriptedFetch({
      'POST /api/payment.php': () =>
        ++attempts === 1
          ? json(502, { error: 'payment_unavailable' })
          : json(201, { payment: payment('open'), checkout_url: 'https://checkout.example/tr_sbx_1' }),
    });
    const fetch: typeof scripted = (input, init) => {
      keys.push(new Headers(init?.headers).get('idempotency-key'));
      return scripted(input, init);
    };
    configureApi({ fetch, ...noWait });
    expect(await startCheckout('starter', 'ideal', 'SPRING20')).toBe('https://checkout.example/tr_sbx_1');
    const sent = {
      method: 'POST',
      url: '/api/payment.php',
      body: { bundle_id: 'starter', method: 'ideal', discount_code: 'SPRING20' },
    };
    expect(calls).toEqual([sent, sent]);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
  });

  it('loads the welcome discount once, without retries, and answers null when it fails (spec §8)', async () => {
    const code: DiscountCodeJson = {
      code: 'WELCOME25',
      value_percentage: 25,
      minimum_order_value: 0,
      country: null,
      user_id: null,
      expires: null,
      currency: null,
      status: 'active',
      validity: 'once-per-user',
      expired: false,
      paymentmethods: null,
    };
    const ok = scriptedFetch({ 'GET /api/discountcode.php': () => json(200, { discount_code: code }) });
    configureApi({ fetch: ok.fetch, ...noWait });
    expect(await loadWelcomeDiscount()).toEqual(code);
    expect(ok.calls).toEqual([{ method: 'GET', url: '/api/discountcode.php?welcome=true', body: undefined }]);

    const failing = scriptedFetch({ 'GET /api/discountcode.php': () => json(502, { error: 'internal' }) });
    configureApi({ fetch: failing.fetch, ...noWait });
    expect(await loadWelcomeDiscount()).toBeNull();
    expect(failing.calls).toHaveLength(1);
  });

  it('follows a pending payment until the credits event says it completed', async () => {
    let status: Payment['status'] = 'pending';
    const { fetch, calls } = scriptedFetch({ 'GET /api/payment.php': () => json(200, { payment: payment(status) }) });
    configureApi({ fetch, ...noWait });
    stop = followPayment(7);
    await flush();
    expect($payment.get()).toMatchObject({ status: 'ready', data: { status: 'pending' } });
    status = 'paid';
    handleLiveEvent({ type: 'credits', credits: 80, paid_user: true });
    await flush();
    expect($payment.get()).toMatchObject({ status: 'ready', data: { status: 'paid' } });
    expect(calls.every((c) => c.url === '/api/payment.php?id=7')).toBe(true);
    // Once decided, further events do not reload it.
    const count = calls.length;
    handleLiveEvent({ type: 'credits', credits: 70 });
    await flush();
    expect(calls).toHaveLength(count);
  });
});

describe('$creditOffers', () => {
  afterEach(() => {
    cleanStores($creditOffers, $user);
    vi.unstubAllGlobals();
  });

  it('loads for the logged-in member while shown, and again when the first purchase makes them premium', async () => {
    vi.stubGlobal('window', {});
    vi.stubGlobal('document', {});
    const offers = { bundles: [], discount: null, methods: [], currency: 'EUR' };
    const network = scriptedFetch({
      'GET /api/credits.php': () => json(200, offers),
      'GET /api/user.php': () => json(200, { user: $user.value }),
    });
    configureApi({ fetch: network.fetch, ...noWait });
    const asked = () => network.calls.filter((c) => c.url === '/api/credits.php').length;
    const member = testMember(testProfile(9, { name: 'Me' }), 20);
    $user.set({ ...member, paid_user: false });
    keepMount($creditOffers);
    await flush();
    expect($creditOffers.get()).toEqual({ status: 'ready', data: offers });
    $user.set({ ...member, paid_user: false, credits: 10 });
    await flush();
    expect(asked()).toBe(1);
    $user.set({ ...member, paid_user: true, credits: 70 });
    await flush();
    expect(asked()).toBe(2);
    $user.set(null);
    expect($creditOffers.get()).toEqual({ status: 'idle' });
  });
});
