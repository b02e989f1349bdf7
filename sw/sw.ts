/// <reference lib="webworker" />
/**
 * The service worker: precaches the built app shell (injected by vite-plugin-pwa), answers
 * navigations with index.html, caches public API data, and takes updates only when the page asks.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerNavigationRoute, registerPublicApiRoutes } from './routes.ts';
import { isUserCacheName, readMessage } from './rules.ts';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerNavigationRoute();
registerPublicApiRoutes();

// The first install controls the open page at once, so it works offline without a reload. An
// update never calls skipWaiting by itself: it waits until the user accepts the update prompt.
clientsClaim();

async function clearUserCaches(): Promise<string[]> {
  const names = (await caches.keys()).filter(isUserCacheName);
  await Promise.all(names.map((name) => caches.delete(name)));
  return names;
}

self.addEventListener('message', (event) => {
  const message = readMessage(event.data);
  if (!message) return;
  switch (message.type) {
    case 'SKIP_WAITING':
      event.waitUntil(self.skipWaiting());
      break;
    case 'CLEAR_USER_CACHES':
      // Answer on the message port (workbox-window's messageSW awaits it) so logout can wait.
      event.waitUntil(clearUserCaches().then((deleted) => event.ports[0]?.postMessage({ type: 'CLEAR_USER_CACHES', deleted })));
      break;
  }
});
