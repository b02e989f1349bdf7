/**
 * Pure rules of the service worker: which requests it answers and how, and which messages it
 * understands. No Workbox imports here, so the rules run in plain unit tests.
 */

/** Navigations under /api (JSON, PDFs, /api/docs) go to the network, never to the app shell. */
// /payment/* is the payment provider's hosted page (the sandbox is served by our server): never the shell.
export const NAVIGATION_DENYLIST: RegExp[] = [/^\/api(?:\/|$)/, /^\/payment\//];

/** Shared by every user of the device: holds only responses that are the same for everyone. */
export const PUBLIC_API_CACHE = 'public-api';

/**
 * Per-user caches (pass, invoices, bookings: added with the offline work) must be named with this
 * prefix so logout can delete them all without knowing which exist.
 */
export const USER_CACHE_PREFIX = 'user-';

/** Public reference data, identical for every user: safe under one shared cache name. */
const PUBLIC_API_PATH = /^\/api\/(?:(?:news|config|country)(?:\/|$)|agenda|exhibitor)/;

export function isPublicApiPath(pathname: string): boolean {
  return PUBLIC_API_PATH.test(pathname);
}

/**
 * A response marked `Cache-Control: private` is per-user even when its path looks public; it must
 * never land in the shared cache. (The server marks user data private; `no-store` alone is not
 * treated as a refusal because APIs often send it on everything, which would silently disable the
 * offline copies.)
 */
export function isSharedCacheable(cacheControl: string | null): boolean {
  return !/(?:^|[\s,])private(?:[\s,=]|$)/i.test(cacheControl ?? '');
}

export function isUserCacheName(name: string): boolean {
  return name.startsWith(USER_CACHE_PREFIX);
}

export type WorkerMessage = { type: 'SKIP_WAITING' } | { type: 'CLEAR_USER_CACHES' };

/** Narrows what a page posted; anything else is ignored. */
export function readMessage(data: unknown): WorkerMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const type = (data as { type?: unknown }).type;
  return type === 'SKIP_WAITING' || type === 'CLEAR_USER_CACHES' ? { type } : null;
}
