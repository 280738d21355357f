import { allTasks, cleanStores, keepMount } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from './api.ts';
import { $push, detectPush, isPushSubscribed, subscribePush } from './push.ts';
import { $settings } from './settings.ts';
import { json, scriptedFetch } from './test-network.ts';

afterEach(() => {
  cleanStores($push, $settings);
  $settings.set(undefined);
  vi.unstubAllGlobals();
});

const KEY = 'BIxqyDhEgivr2qZyCRF3pw0LCAMjZ2ST3V18W7XCiCWirxqIDnH2gL481CPriLSij1IToLhXTPqz7GUdILIaYAw';

/** A browser with service workers and push, its permission answer and push service faked. */
function pushBrowser(permission: NotificationPermission, answer: NotificationPermission = permission) {
  const json = { endpoint: 'https://push.example.com/1', expirationTime: null, keys: { p256dh: 'p', auth: 'a' } };
  let subscription: unknown = null;
  const pushManager = {
    getSubscription: async () => subscription,
    subscribe: vi.fn(async () => {
      subscription = { endpoint: json.endpoint, options: {}, toJSON: () => json };
      return subscription;
    }),
  };
  const registration = { pushManager };
  vi.stubGlobal('window', { PushManager: function PushManager() {}, Notification: {} });
  vi.stubGlobal('document', {});
  vi.stubGlobal('location', { host: 'localhost:4321' });
  vi.stubGlobal('Notification', { permission, requestPermission: async () => answer });
  vi.stubGlobal('navigator', {
    serviceWorker: { register: async () => registration, ready: Promise.resolve(registration) },
  });
  return { pushManager, json };
}

describe('$push (spec §4 push state)', () => {
  it('is unsupported without a VAPID key, whatever the browser can', async () => {
    pushBrowser('default');
    $settings.set({ push_public_key: null } as never);
    expect(await detectPush()).toBe('unsupported');
    expect(isPushSubscribed()).toBe(false);
  });

  it('is capable, then subscribed after the prompt, storing the subscription on the server', async () => {
    const { pushManager, json: sub } = pushBrowser('default', 'granted');
    $settings.set({ push_public_key: KEY } as never);
    const network = scriptedFetch({ 'POST /api/user.php': () => json(200, { ok: true }) });
    configureApi({ fetch: network.fetch, sleep: async () => undefined });
    keepMount($push);
    await allTasks();
    expect($push.get().status).toBe('capable');
    expect(await subscribePush()).toBe('subscribed');
    expect(pushManager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: expect.any(Uint8Array),
    });
    expect(network.calls.map((c) => c.url)).toEqual(['/api/user.php?push=1']);
    // Spec §7: the body carries `subscription`.
    expect(network.calls[0]!.body).toEqual({ subscription: sub });
    // The periodic refresh slows to 300 s now.
    expect(isPushSubscribed()).toBe(true);
  });

  it('is denied when the member blocked notifications, before or at the prompt', async () => {
    pushBrowser('denied');
    $settings.set({ push_public_key: KEY } as never);
    expect(await detectPush()).toBe('denied');
    pushBrowser('default', 'denied');
    expect(await subscribePush()).toBe('denied');
  });
});
