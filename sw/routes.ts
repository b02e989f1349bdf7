/// <reference lib="webworker" />
/**
 * The worker's routes besides the precache. Register after `precacheAndRoute`, because the
 * navigation handler needs index.html in the precache.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import type { WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { createHandlerBoundToURL } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { StaleWhileRevalidate } from 'workbox-strategies';
import { NAVIGATION_DENYLIST, PUBLIC_API_CACHE, isPublicApiPath, isSharedCacheable } from './rules.ts';

/** Every in-app URL opens the precached shell; the client router takes it from there, offline too. */
export function registerNavigationRoute(): void {
  registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NAVIGATION_DENYLIST }));
}

/** Refuses to store responses the server marked per-user (see isSharedCacheable). */
const sharedOnly: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (isSharedCacheable(response.headers.get('Cache-Control')) ? response : null),
};

/**
 * Public reference data (news, config, countries, agenda, exhibitors): served from cache at once
 * and refreshed in the background, so it shows offline and stays fresh online.
 *
 * These requests carry the Authorization header when signed in (the API client adds it), but
 * their answers are the same for everyone, so one shared cache is right.
 *
 * Per-user data (/api/pass, /api/invoice, /api/booking): network-first with a cache per *user*
 * named `user-<user uuid>-...` (not derived from the token, which changes at every sign-in), only
 * 200 responses; added with the offline work. Logout deletes every `user-` cache via the
 * CLEAR_USER_CACHES message.
 */
export function registerPublicApiRoutes(): void {
  registerRoute(
    ({ url, sameOrigin }) => sameOrigin && isPublicApiPath(url.pathname),
    new StaleWhileRevalidate({
      cacheName: PUBLIC_API_CACHE,
      plugins: [
        // Only complete answers: no errors, redirects or opaque bodies replacing good data.
        new CacheableResponsePlugin({ statuses: [200] }),
        sharedOnly,
        new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 14 * 24 * 60 * 60, purgeOnQuotaError: true }),
      ],
    }),
    'GET',
  );
}
