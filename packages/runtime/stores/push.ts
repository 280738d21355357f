import { atom, onMount, task } from 'nanostores';
import type { PushSubscriptionRequest } from '../schemas/api/push.ts';
import { api, isBrowser } from './api.ts';
import { $settings, loadSettings } from './settings.ts';

/**
 * Spec §4 push state: `unknown` until checked; `unsupported` when this browser (or this site, without
 * a VAPID key) cannot push; `capable` when it can but is not subscribed; `subscribed`; `denied` when
 * the member blocked notifications for the site.
 */
export type PushStatus = 'unknown' | 'unsupported' | 'capable' | 'subscribed' | 'denied';

export interface PushState {
  status: PushStatus;
  /** The browser's notification permission, as the alert rule needs it. */
  permission: NotificationPermission | null;
  /** This browser's subscription as the server has it. */
  subscription: PushSubscriptionRequest | null;
  /** Why the last attempt to turn push on failed, for the UI. */
  lastError: unknown;
}

export const SERVICE_WORKER_URL = '/sw-push.js';

export const $push = atom<PushState>({ status: 'unknown', permission: null, subscription: null, lastError: null });

onMount($push, () => {
  if (!isBrowser()) return;
  void detectPush().catch(() => undefined);
});

/** Whether push is on in this browser: the periodic refresh slows to 300 s then (spec §4). */
export function isPushSubscribed(): boolean {
  return $push.get().status === 'subscribed';
}

function supported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

async function publicKey(): Promise<string | null> {
  const settings = $settings.get() ?? (await loadSettings(location.host));
  return settings.push_public_key;
}

function set(patch: Partial<PushState>): void {
  $push.set({ ...$push.get(), ...patch });
}

function toRequest(subscription: PushSubscription): PushSubscriptionRequest {
  return subscription.toJSON() as PushSubscriptionRequest;
}

/** base64url to bytes, for applicationServerKey. */
function keyBytes(key: string): Uint8Array<ArrayBuffer> {
  const binary = atob(key.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(subscription: PushSubscription, key: string): boolean {
  const current = subscription.options.applicationServerKey;
  if (!current) return true;
  const wanted = keyBytes(key);
  const got = new Uint8Array(current);
  return got.length === wanted.length && got.every((b, i) => b === wanted[i]);
}

/** The site's VAPID key when this browser can push; null (and the state `unsupported`) when not. */
async function pushKey(): Promise<string | null> {
  const key = await publicKey();
  if (supported() && key) return key;
  set({ status: 'unsupported' });
  return null;
}

/** Stores this browser's subscription on the server, for whoever is logged in now. */
async function storeSubscription(subscription: PushSubscription, permission: NotificationPermission) {
  await api().call('POST /api/user.php?push=1', { body: { subscription: toRequest(subscription) } });
  set({ status: 'subscribed', permission, subscription: toRequest(subscription) });
  return 'subscribed' as const;
}

/**
 * Works out the state. A subscription the browser still holds is sent to the server again, so it
 * belongs to whoever is logged in now; one made for an older VAPID key is renewed.
 */
export function detectPush(): Promise<PushStatus> {
  return task(async () => {
    const key = await pushKey();
    if (!key) return 'unsupported';
    const permission = Notification.permission;
    if (permission === 'denied') {
      set({ status: 'denied', permission });
      return 'denied';
    }
    const registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL);
    let subscription = await registration.pushManager.getSubscription();
    if (subscription && permission === 'granted' && !sameKey(subscription, key)) {
      await subscription.unsubscribe();
      subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(key),
      });
    }
    if (!subscription || permission !== 'granted') {
      set({ status: 'capable', permission, subscription: null });
      return 'capable';
    }
    return storeSubscription(subscription, permission);
  });
}

/**
 * Turns push on in this browser: asks for the permission (the browser's own prompt), subscribes at
 * the browser's push service with the site's VAPID key, and stores the subscription on the server.
 */
export function subscribePush(): Promise<PushStatus> {
  return task(async () => {
    const key = await pushKey();
    if (!key) return 'unsupported';
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        const status = permission === 'denied' ? 'denied' : 'capable';
        set({ status, permission });
        return status;
      }
      const registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL);
      await navigator.serviceWorker.ready;
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) }));
      set({ lastError: null });
      return await storeSubscription(subscription, permission);
    } catch (error) {
      set({ lastError: error });
      throw error;
    }
  });
}

/** Turns push off in this browser: the browser forgets the subscription, and so does the server. */
export function unsubscribePush(): Promise<PushStatus> {
  return task(async () => {
    const registration = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_URL);
    const subscription = await registration?.pushManager.getSubscription();
    if (subscription) {
      const { endpoint } = subscription;
      await subscription.unsubscribe();
      await api()
        .call('DELETE /api/user.php?push=1', { body: { endpoint } })
        .catch(() => undefined);
    }
    set({ status: 'capable', subscription: null });
    return 'capable' as const;
  });
}
