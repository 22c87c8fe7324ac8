/* global self, caches */
// Mailroom’s service worker: makes the app installable, lets its shell open offline, and shows
// push notifications.
// It never caches the API, the sign-in endpoints or anything else that carries user data:
// email content must not reach a disk cache (DESIGN §1).

const SHELL_CACHE = 'mailroom-shell-v1';
const ASSET_CACHE = 'mailroom-assets-v1';
const SHELL_URL = '/index.html';
const NEVER_CACHED = ['/api/', '/idp/', '/v1/', '/healthz', '/readyz', '/metrics'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.add(new Request(SHELL_URL, { cache: 'reload' })))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== SHELL_CACHE && key !== ASSET_CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (NEVER_CACHED.some((prefix) => url.pathname === prefix.replace(/\/$/, '') || url.pathname.startsWith(prefix))) return;

  // Pages: the network first (always the current app), the cached shell when offline.
  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request).catch(() => caches.match(SHELL_URL).then((cached) => cached || Response.error())),
    );
    return;
  }

  // Built assets have content hashes in their names, so a cached copy is never stale.
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      caches.open(ASSET_CACHE).then((cache) =>
        cache.match(request).then(
          (cached) =>
            cached ||
            fetch(request).then((response) => {
              if (response.ok) cache.put(request, response.clone());
              return response;
            }),
        ),
      ),
    );
  }
});

// Notifications (issue 20): a Web Push message from Mailroom's server (features/notifications,
// payload {id, kind, title, body, url, count, tag}, decrypted by the browser) is shown as a
// notification, and open pages are told so their bell refreshes. Notifications never carry an
// email's content, only what happened.
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: 'Mailroom', body: event.data ? event.data.text() : '' };
  }
  const url = typeof data.url === 'string' && data.url.startsWith('/') ? data.url : '/';
  const shown = self.registration.showNotification(data.title || 'Mailroom', {
    body: data.body || '',
    tag: data.tag || 'mailroom',
    // A group that grew (or a test sent twice) alerts again rather than changing silently.
    renotify: Boolean(data.tag),
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    data: { url, id: data.id || null },
  });
  const told = self.clients
    .matchAll({ type: 'window', includeUncontrolled: true })
    .then((windows) => windows.forEach((w) => w.postMessage({ type: 'mailroom:notification', notification: { ...data, url } })));
  event.waitUntil(Promise.all([shown, told]));
});

// A click opens the app where the notification points: an open Mailroom window is focused and
// told to go there (it marks the notification read); otherwise a new window opens at that page.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const { url = '/', id = null } = event.notification.data || {};
  const target = new URL(url, self.location.origin);
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        open.postMessage({ type: 'mailroom:open', url: target.pathname + target.search + target.hash, id });
        return open.focus();
      }
      return self.clients.openWindow(target.href);
    }),
  );
});
