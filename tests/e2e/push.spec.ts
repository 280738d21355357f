import { randomBytes } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test } from '@playwright/test';
import { browserPushKeys } from '../../packages/server/test/fake-push-service.ts';
import { E2E_VAPID, E2E_VAR_DIR } from './e2e-env.ts';
import { skipEntryWarning } from './entry-warning.ts';
import { DEMO, logIn } from './session.ts';

/** The push subscriptions the server stored for the demo member (read from the e2e server's SQLite file). */
function storedSubscriptions(): { endpoint: string; p256dh: string; auth: string }[] {
  const db = new Database(path.join(E2E_VAR_DIR, 'datekit.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare(
        `select s.endpoint, s.p256dh, s.auth from push_subscriptions s join users u on u.id = s.user_id where u.email = ?`,
      )
      .all(DEMO.email) as { endpoint: string; p256dh: string; auth: string }[];
  } finally {
    db.close();
  }
}

/*
 * Headless Chromium here cannot reach a push service: with the notifications permission granted,
 * pushManager.subscribe() still fails ("AbortError: Registration failed - permission denied"; there
 * is no network to Google's FCM either). So the test replaces only the browser's push service: the
 * PushManager's subscribe/getSubscription answer a subscription made like a browser's (a P-256 key
 * pair and auth secret, made by the test), and record the applicationServerKey they were called with.
 * Everything else is real: the permission, the service worker registration, the UI's state machine,
 * the POST to /api/user.php?push=1, its storage, the state found again after a reload, and the DELETE.
 */
const FAKE_PUSH_MANAGER = ({ json }: { json: { endpoint: string; keys: { p256dh: string; auth: string } } }) => {
  const STORED = 'e2e-push-subscription';
  const make = (value: typeof json) => ({
    endpoint: value.endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: null },
    toJSON: () => ({ ...value, expirationTime: null }),
    unsubscribe: async () => {
      localStorage.removeItem(STORED);
      return true;
    },
  });
  PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
    const key = new Uint8Array(options!.applicationServerKey as ArrayBuffer);
    const base64url = btoa(String.fromCharCode(...key))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    localStorage.setItem('e2e-push-key', `${options!.userVisibleOnly}:${base64url}`);
    localStorage.setItem(STORED, JSON.stringify(json));
    return make(json) as unknown as PushSubscription;
  };
  PushManager.prototype.getSubscription = async function () {
    const stored = localStorage.getItem(STORED);
    return stored ? (make(JSON.parse(stored)) as unknown as PushSubscription) : null;
  };
};

test('subscribe to push in Chromium with the permission granted, and see the subscription stored', async ({
  page,
  context,
}) => {
  const keys = browserPushKeys().json;
  const json = { endpoint: `https://push.example.invalid/e2e/${randomBytes(8).toString('hex')}`, keys };
  await skipEntryWarning(context);
  await context.addInitScript(FAKE_PUSH_MANAGER, { json });
  await context.grantPermissions(['notifications']);
  await logIn(page);
  await page.goto('/notifications');
  const panel = page.getByTestId('push-settings');
  // Granted but not subscribed yet: push can be turned on here, and the service worker is registered.
  await expect(panel).toHaveAttribute('data-push-state', 'capable');
  const worker = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
  expect(new URL(worker!).pathname).toBe('/sw-push.js');
  expect(storedSubscriptions()).toEqual([]);

  await page.getByTestId('push-turn-on').click();
  await expect(panel).toHaveAttribute('data-push-state', 'subscribed');
  // Subscribed with the site's VAPID key from settings.php, for visible notifications only.
  expect(await page.evaluate(() => localStorage.getItem('e2e-push-key'))).toBe(`true:${E2E_VAPID.publicKey}`);
  await expect.poll(storedSubscriptions).toEqual([{ endpoint: json.endpoint, p256dh: keys.p256dh, auth: keys.auth }]);

  // A new page view finds the subscription again; turning push off forgets it on both sides.
  await page.reload();
  await expect(panel).toHaveAttribute('data-push-state', 'subscribed');
  await page.getByTestId('push-turn-off').click();
  await expect(panel).toHaveAttribute('data-push-state', 'capable');
  await expect.poll(storedSubscriptions).toEqual([]);
});

test('a browser that blocked notifications shows push as denied', async ({ page, context }) => {
  await skipEntryWarning(context);
  await context.addInitScript(() => {
    Object.defineProperty(Notification, 'permission', { get: () => 'denied' });
  });
  await logIn(page);
  await page.goto('/notifications');
  await expect(page.getByTestId('push-settings')).toHaveAttribute('data-push-state', 'denied');
  await expect(page.getByTestId('push-turn-on')).toHaveCount(0);
});
