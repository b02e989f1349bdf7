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
 * Per-user caches are named `user-<user uuid>-<kind>`, so logout can delete them all without
 * knowing which exist, and a sign-in of someone else deletes every one that is not theirs.
 */
export const USER_CACHE_PREFIX = 'user-';

/**
 * The worker's own state that must survive its restarts (it is stopped when idle and after a
 * browser restart): the id of the signed-in user. Not a `user-` cache, so logout's sweep does not
 * depend on it; logout clears the entry itself.
 */
export const WORKER_STATE_CACHE = 'sw-state';
export const CURRENT_USER_KEY = '/__sw/current-user';

/**
 * Lie-fi in a hall: a request that has not answered after this long is served from the cache
 * (when there is a copy; otherwise the worker keeps waiting for the network).
 */
export const NETWORK_TIMEOUT_SECONDS = 3;

/**
 * Cached per-user data older than the session length (30 days) is not served: the session that
 * fetched it has expired by then. Every online visit refreshes the copies.
 */
export const USER_CACHE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** Public reference data, identical for every user: safe under one shared cache name. */
const PUBLIC_API_PATH = /^\/api\/(?:(?:news|config|seller|country)(?:\/|$)|agenda|exhibitor)/;

/** The personal agenda sits under /api/agenda but is per user. */
const FAVOURITES_PATH = /^\/api\/agenda\/favourites\/?$/;

export function isPublicApiPath(pathname: string): boolean {
  return PUBLIC_API_PATH.test(pathname) && !FAVOURITES_PATH.test(pathname);
}

/**
 * `data`: the JSON the signed-in pages read (small, many). `files`: PDFs and pictures (bigger,
 * fewer), kept apart so a few PDFs cannot push the pass out of a bounded cache.
 */
export type UserCacheKind = 'data' | 'files';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

const USER_DATA_PATHS: RegExp[] = [
  // The start-up load (docs/behaviour.md §4), so the app opens offline even after a browser restart.
  /^\/api\/user\/?$/,
  /^\/api\/address\/?$/,
  /^\/api\/survey(?:\/|$)/,
  // The pass and what its barcode needs on the device (the token, keys to verify it, revocations).
  /^\/api\/pass\/?$/,
  /^\/api\/pass\/(?:barcode|keys|revocations)\/?$/,
  /^\/api\/booking(?:\/|$)/,
  /^\/api\/train-ticket(?:\/|$)/,
  /^\/api\/invoice\/?$/,
  /^\/api\/visa-letter\/?$/,
  // Not the favourites: the device's copy is Dexie, and the agenda merges this answer as the
  // server's current state — a stale cached copy could undo favourites synced since.
];

const USER_FILE_PATHS: RegExp[] = [
  new RegExp(`^/api/invoice/${UUID}/(?:pdf|xml)$`, 'i'),
  new RegExp(`^/api/visa-letter/${UUID}/pdf$`, 'i'),
  // The user's own pictures (the avatar variant of the menu and profile).
  new RegExp(`^/api/image/${UUID}$`, 'i'),
];

/**
 * Revocation pages (`?cursor=`) are polled by scanners, each with another instant: as cache
 * entries they would soon push the pass out of the bounded cache. Only the full list is kept.
 */
const REVOCATION_UPDATES = /^\/api\/pass\/revocations\/?$/;

/** Which per-user cache a GET of this URL belongs to; null when it is not cached per user. */
export function userCacheKind(pathname: string, search = ''): UserCacheKind | null {
  if (search !== '' && REVOCATION_UPDATES.test(pathname)) return null;
  if (USER_DATA_PATHS.some((path) => path.test(pathname))) return 'data';
  if (USER_FILE_PATHS.some((path) => path.test(pathname))) return 'files';
  return null;
}

export function userCacheName(userId: string, kind: UserCacheKind): string {
  return `${USER_CACHE_PREFIX}${userId}-${kind}`;
}

export function isUserCacheName(name: string): boolean {
  return name.startsWith(USER_CACHE_PREFIX);
}

/** A per-user cache that does not belong to `userId` (deleted when `userId` signs in). */
export function isOtherUsersCache(name: string, userId: string): boolean {
  return isUserCacheName(name) && !name.startsWith(`${USER_CACHE_PREFIX}${userId}-`);
}

/**
 * POSTs that start a new session (sign-in, account creation). Until the page names the new user
 * (SET_USER), nothing is cached or served per user: the previous user's copies must never answer
 * the next user's requests, even if the previous logout never reached the worker.
 */
export function isSessionStartPath(pathname: string): boolean {
  return /^\/api\/(?:user\/login|registration\/account)\/?$/.test(pathname);
}

/**
 * A user id as the pages post it: the user's uuid, lower-cased (it becomes part of cache names).
 * Anything else is refused.
 */
export function readUserId(value: unknown): string | null {
  if (typeof value !== 'string' || !new RegExp(`^${UUID}$`, 'i').test(value)) return null;
  return value.toLowerCase();
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

export type WorkerMessage =
  | { type: 'SKIP_WAITING' }
  | { type: 'CLEAR_USER_CACHES' }
  /** The signed-in user (after sign-in and every start-up load): per-user caching follows it. */
  | { type: 'SET_USER'; userId: string };

/** Narrows what a page posted; anything else is ignored. */
export function readMessage(data: unknown): WorkerMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, userId } = data as { type?: unknown; userId?: unknown };
  if (type === 'SKIP_WAITING' || type === 'CLEAR_USER_CACHES') return { type };
  if (type === 'SET_USER') {
    const id = readUserId(userId);
    return id ? { type, userId: id } : null;
  }
  return null;
}
