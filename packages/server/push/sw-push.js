/*
 * datekit's service worker for web push, served at /sw-push.js on every brand host (spec §7).
 * Plain JavaScript, no framework, no build step: the server sends each push already translated into
 * the member's language, as JSON { kind, title, body, url, tag, unread } (push-notifications.ts).
 */

self.addEventListener('install', () => {
  // A new version takes over at once: it only shows notifications, there is no cache to migrate.
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

function readPush(data) {
  if (!data) return {};
  try {
    return data.json();
  } catch {
    return { body: data.text() };
  }
}

/** The app badge shows the unread messages (where the browser supports badges). */
function setBadge(unread) {
  const nav = self.navigator;
  if (typeof unread !== 'number' || !nav || !('setAppBadge' in nav)) return Promise.resolve();
  const done = unread > 0 ? nav.setAppBadge(unread) : nav.clearAppBadge();
  return done.catch(() => undefined);
}

self.addEventListener('push', (event) => {
  const push = readPush(event.data);
  const title = push.title || self.location.host;
  event.waitUntil(
    Promise.all([
      self.registration.showNotification(title, {
        body: push.body || '',
        // One notification per chat or liker: a newer one replaces it, and still alerts.
        tag: push.tag || undefined,
        renotify: Boolean(push.tag),
        data: { url: push.url || '/' },
      }),
      setBadge(push.unread),
    ]),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(
    event.notification.data && event.notification.data.url ? event.notification.data.url : '/',
    self.location.origin,
  );
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const same = windows.find((w) => w.url === target.href);
      if (same) return same.focus();
      // A tab of the site is open: bring it to the screen the notification is about.
      const tab = windows.find((w) => new URL(w.url).origin === target.origin && 'navigate' in w);
      if (tab) {
        try {
          const moved = await tab.navigate(target.href);
          if (moved) return moved.focus();
        } catch {
          // Not controlled by this worker (opened before it was installed): open a new window below.
        }
      }
      return self.clients.openWindow(target.href);
    })(),
  );
});

// The push service replaced the subscription (keys expired): subscribe again with the same key and
// tell the server, which updates the row by endpoint.
self.addEventListener('pushsubscriptionchange', (event) => {
  const options = event.oldSubscription ? event.oldSubscription.options : null;
  if (!options || !options.applicationServerKey) return;
  event.waitUntil(
    self.registration.pushManager
      .subscribe({ userVisibleOnly: true, applicationServerKey: options.applicationServerKey })
      .then((subscription) =>
        fetch('/api/user.php?push=1', {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json', 'x-client-request': '1' },
          body: JSON.stringify(subscription.toJSON()),
        }),
      )
      .catch(() => undefined),
  );
});
