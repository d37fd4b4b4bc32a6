// Web Push in the installed app (issue #11): loaded by the generated service worker through
// workbox.importScripts (vite.config.ts). The server sends JSON { title, body, url, tag }
// encrypted for this device (apps/api/src/modules/push); shown as a notification, a click
// opens `url` (a path of this app) in an open window of the app, or in a new one.
/* global self */
'use strict';

// The app's home and icon, under the app's path prefix (BASE_PATH): this worker's scope. The
// server's `url` already carries the prefix.
const FALLBACK_URL = new URL('app', self.registration.scope).href;
const ICON_URL = new URL('pwa-192.png', self.registration.scope).href;

/** A same-origin URL for a notification's `url`; anything else means the app's home. */
function targetUrl(url) {
  try {
    const target = new URL(
      typeof url === 'string' && url !== '' ? url : FALLBACK_URL,
      self.location.origin,
    );
    if (target.origin === self.location.origin) return target.href;
  } catch {
    // Not a URL: fall through.
  }
  return FALLBACK_URL;
}

self.addEventListener('push', (event) => {
  let data = {};
  if (event.data) {
    try {
      data = event.data.json();
    } catch {
      data = { body: event.data.text() };
    }
  }
  if (typeof data !== 'object' || data === null) data = {};
  const title = typeof data.title === 'string' && data.title !== '' ? data.title : 'Evenly';
  const tag = typeof data.tag === 'string' && data.tag !== '' ? data.tag : undefined;
  const options = {
    body: typeof data.body === 'string' ? data.body : '',
    icon: ICON_URL,
    badge: ICON_URL,
    data: { url: targetUrl(data.url) },
  };
  if (tag !== undefined) {
    // A newer notification about the same thing replaces the older one, and still alerts.
    options.tag = tag;
    options.renotify = true;
  }
  // Browsers require every push to show a notification (userVisibleOnly): always show one.
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = targetUrl(event.notification.data && event.notification.data.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const same = windows.find((client) => client.url === url);
      if (same) return same.focus();
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        try {
          const focused = await open.focus();
          const moved = await (focused || open).navigate(url);
          if (moved) return moved;
        } catch {
          // navigate() needs a window this worker controls: open a new one instead.
        }
      }
      return self.clients.openWindow(url);
    })(),
  );
});
