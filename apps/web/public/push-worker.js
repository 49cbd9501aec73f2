// Vowa's push service worker (issue 16 §3), registered by lib/web-push.ts when the person turns
// push notifications on. It only shows what the server pushed (`PushPayload`: title, body, url,
// tag: already worded in the person's language) and opens the page it points to when clicked.
// A plain file in public/ (not bundled) so its URL, and so its scope, stay `/push-worker.js`.
/* global self, clients */

self.addEventListener('install', () => {
  // A new version takes over at once: it holds no caches, so nothing can be out of step.
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** The payload, or a generic text when it cannot be read (a push must always show something). */
function readPayload(data) {
  try {
    const payload = data ? data.json() : null;
    if (payload && typeof payload.title === 'string') return payload;
  } catch {
    // Not JSON: fall through to the plain text.
  }
  return { title: 'Vowa', body: data ? data.text() : '', url: '/', tag: 'vowa' };
}

/** Only pages of this site are opened: a pushed URL elsewhere is replaced by the home page. */
function sameOriginUrl(url) {
  try {
    const target = new URL(url || '/', self.location.origin);
    return target.origin === self.location.origin ? target.href : self.location.origin + '/';
  } catch {
    return self.location.origin + '/';
  }
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event.data);
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body || '',
      tag: payload.tag || undefined,
      icon: '/favicon.svg',
      badge: '/favicon.svg',
      data: { url: sameOriginUrl(payload.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || sameOriginUrl('/');
  event.waitUntil(
    clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      // An open Vowa tab is brought forward and sent there; otherwise a new one opens.
      const open = windows.find((client) => client.url.startsWith(self.location.origin));
      if (!open) return clients.openWindow(url);
      return open
        .focus()
        .then((client) => client.navigate(url))
        .catch(() => clients.openWindow(url));
    }),
  );
});
