/// <reference lib="webworker" />
/**
 * The worker's routes besides the precache. Register after `precacheAndRoute`, because the
 * navigation handler needs index.html in the precache.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import type { RouteHandlerCallback, WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { createHandlerBoundToURL } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { announcePublicDataChanges } from './public-data-updates.ts';
import {
  isPublicApiPath,
  isSessionStartPath,
  isSharedCacheable,
  NAVIGATION_DENYLIST,
  NETWORK_TIMEOUT_SECONDS,
  PUBLIC_API_CACHE,
  USER_CACHE_MAX_AGE_SECONDS,
  type UserCacheKind,
  userCacheKind,
  userCacheName,
} from './rules.ts';
import type { UserSession } from './user-session.ts';

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
 * their answers are the same for everyone, so one shared cache is right. The personal agenda
 * (/api/agenda/favourites) is excluded by isPublicApiPath and cached per user.
 */
export function registerPublicApiRoutes(): void {
  registerRoute(
    ({ url, sameOrigin }) => sameOrigin && isPublicApiPath(url.pathname),
    new StaleWhileRevalidate({
      cacheName: PUBLIC_API_CACHE,
      // Revalidate with the server, not the browser's HTTP cache (max-age=300): an ETag makes it a
      // 304 when nothing changed, and a change (an agenda import) reaches devices at once.
      fetchOptions: { cache: 'no-cache' },
      plugins: [
        // Only complete answers: no errors, redirects or opaque bodies replacing good data.
        new CacheableResponsePlugin({ statuses: [200] }),
        sharedOnly,
        new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 14 * 24 * 60 * 60, purgeOnQuotaError: true }),
        // Open pages re-read a copy that changed (src/lib/public-data-updates.ts).
        announcePublicDataChanges,
      ],
    }),
    'GET',
  );
}

/** Data entries are many small JSON answers; files are PDFs and pictures. */
const MAX_ENTRIES: Record<UserCacheKind, number> = { data: 100, files: 60 };

/**
 * Stores and serves only while `userId` is still the signed-in user: a response that arrives
 * after a logout or a switch of user must not be written into (or read from) a cache that was
 * just deleted and would be re-created by the write.
 */
function ownedBy(session: UserSession, userId: string): WorkboxPlugin {
  const stillCurrent = async () => (await session.current()) === userId;
  return {
    cacheWillUpdate: async ({ response }) => ((await stillCurrent()) ? response : null),
    cachedResponseWillBeUsed: async ({ cachedResponse }) => ((await stillCurrent()) ? cachedResponse : null),
  };
}

/**
 * Per-user data (docs/architecture.md §5): the pass and its barcode, invoices and their PDFs, bookings,
 * the train ticket, the start-up load, the personal agenda. Network first, so online pages always
 * show the server's answer; the cached copy answers offline or when the network stalls longer
 * than NETWORK_TIMEOUT_SECONDS. Only 200 answers are kept (a 401 or 404 never replaces the last
 * good copy, and is passed to the page as it is), with expiry and a purge on quota errors.
 *
 * The cache is `user-<uuid>-data|files` for the user the page last named (SET_USER). Without one
 * (signed out, or a sign-in in progress) the request just goes to the network.
 *
 * Matched for plain fetches and for navigations and downloads as well: an invoice PDF is a plain
 * link authenticated by the HttpOnly cookie, and must open offline too.
 */
export function registerUserApiRoutes(session: UserSession): void {
  const strategies = new Map<string, NetworkFirst>();
  const strategyFor = (userId: string, kind: UserCacheKind): NetworkFirst => {
    const cacheName = userCacheName(userId, kind);
    let strategy = strategies.get(cacheName);
    if (!strategy) {
      strategy = new NetworkFirst({
        cacheName,
        networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
        // The key is the URL: the same PDF fetched with a bearer header and opened as a cookie
        // download is one entry, whatever the server's Vary says (the cache belongs to one user).
        matchOptions: { ignoreVary: true },
        plugins: [
          new CacheableResponsePlugin({ statuses: [200] }),
          ownedBy(session, userId),
          new ExpirationPlugin({
            maxEntries: MAX_ENTRIES[kind],
            maxAgeSeconds: USER_CACHE_MAX_AGE_SECONDS,
            purgeOnQuotaError: true,
          }),
        ],
      });
      strategies.set(cacheName, strategy);
    }
    return strategy;
  };

  const handler: RouteHandlerCallback = async ({ request, event, url }) => {
    const kind = userCacheKind(url.pathname, url.search);
    const userId = await session.current();
    if (!kind || !userId) return fetch(request);
    return strategyFor(userId, kind).handle({ request, event });
  };

  registerRoute(({ url, sameOrigin }) => sameOrigin && userCacheKind(url.pathname, url.search) !== null, handler, 'GET');
}

/**
 * Sign-in and account creation: from here until the page names the new user, per-user caches are
 * neither read nor written (see isSessionStartPath). The request itself goes to the network as is.
 */
export function registerSessionStartRoute(session: UserSession): void {
  registerRoute(
    ({ url, sameOrigin }) => sameOrigin && isSessionStartPath(url.pathname),
    async ({ request }) => {
      await session.suspend();
      return fetch(request);
    },
    'POST',
  );
}
