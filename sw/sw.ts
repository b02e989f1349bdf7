/// <reference lib="webworker" />
/**
 * The service worker: precaches the built app shell (injected by vite-plugin-pwa), answers
 * navigations with index.html, caches public API data and the signed-in user's data per user, and
 * takes updates only when the page asks.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { relayOutboxSync } from './outbox-sync.ts';
import { registerNavigationRoute, registerPublicApiRoutes, registerSessionStartRoute, registerUserApiRoutes } from './routes.ts';
import { readMessage } from './rules.ts';
import { createUserSession } from './user-session.ts';

declare const self: ServiceWorkerGlobalScope;

const session = createUserSession();

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerNavigationRoute();
registerPublicApiRoutes();
registerUserApiRoutes(session);
registerSessionStartRoute(session);

// The first install controls the open page at once, so it works offline without a reload. An
// update never calls skipWaiting by itself: it waits until the user accepts the update prompt.
clientsClaim();

self.addEventListener('message', (event) => {
  const message = readMessage(event.data);
  if (!message) return;
  // Answers go to the message port when there is one, so the page can wait for the work.
  const reply = (answer: object) => event.ports[0]?.postMessage(answer);
  switch (message.type) {
    case 'SKIP_WAITING':
      event.waitUntil(self.skipWaiting());
      break;
    case 'SET_USER':
      event.waitUntil(session.set(message.userId).then(() => reply({ type: 'SET_USER', userId: message.userId })));
      break;
    case 'CLEAR_USER_CACHES':
      // workbox-window's messageSW and src/lib/offline-cache.ts await this answer, so logout can wait.
      event.waitUntil(session.clear().then((deleted) => reply({ type: 'CLEAR_USER_CACHES', deleted })));
      break;
  }
});

/** Background Sync's event (Chromium); TypeScript's WebWorker types do not have it yet. */
interface BackgroundSyncEvent extends ExtendableEvent {
  readonly tag: string;
}

// The device is online again: the pages' sync engines upload the outbox (the worker has no token).
self.addEventListener('sync', (event) => {
  const sync = event as BackgroundSyncEvent;
  sync.waitUntil(relayOutboxSync(sync.tag, () => self.clients.matchAll({ type: 'window' })));
});
