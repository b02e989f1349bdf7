/// <reference lib="webworker" />
/**
 * Whose per-user caches the worker uses. The page names the user (SET_USER) after every sign-in
 * and start-up load; the worker keeps the id in its own small cache because it is stopped when
 * idle and after a browser restart, and must still answer the first offline request for the right
 * user. Without a user, nothing is cached or served per user.
 */
import { CacheExpiration } from 'workbox-expiration';
import { CURRENT_USER_KEY, isOtherUsersCache, isUserCacheName, readUserId, WORKER_STATE_CACHE } from './rules.ts';

declare const self: ServiceWorkerGlobalScope;

export interface UserSession {
  /** The current user's id, or null (signed out, or a sign-in whose user is not known yet). */
  current(): Promise<string | null>;
  /** A user signed in: every other user's caches go. Resolves when they are gone. */
  set(userId: string): Promise<void>;
  /** A new sign-in is starting: stop using anyone's caches until SET_USER, but keep them. */
  suspend(): Promise<void>;
  /** Logout: forget the user and delete every per-user cache. Returns the deleted cache names. */
  clear(): Promise<string[]>;
}

async function readStoredUser(): Promise<string | null> {
  try {
    const cache = await self.caches.open(WORKER_STATE_CACHE);
    const stored = await cache.match(CURRENT_USER_KEY);
    return stored ? readUserId(((await stored.json()) as { userId?: unknown }).userId) : null;
  } catch {
    return null;
  }
}

async function storeUser(userId: string | null): Promise<void> {
  const cache = await self.caches.open(WORKER_STATE_CACHE);
  if (userId === null) await cache.delete(CURRENT_USER_KEY);
  else await cache.put(CURRENT_USER_KEY, Response.json({ userId }));
}

/**
 * Deletes per-user caches matching `doomed` with their expiration records (those name the cached
 * URLs, which carry invoice and image ids: they go too).
 */
async function deleteUserCaches(doomed: (name: string) => boolean): Promise<string[]> {
  const names = (await self.caches.keys()).filter(doomed);
  await Promise.all(
    names.map(async (name) => {
      await self.caches.delete(name);
      await new CacheExpiration(name, { maxEntries: 1 }).delete();
    }),
  );
  return names;
}

export function createUserSession(): UserSession {
  let current: Promise<string | null> = readStoredUser();
  // Changes are applied one after another, so a quick logout + sign-in cannot interleave deletions.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };

  return {
    current: () => current,

    set(userId) {
      // In memory at once: requests arriving while the old caches are deleted already use the new user.
      current = Promise.resolve(userId);
      return serial(async () => {
        await deleteUserCaches((name) => isOtherUsersCache(name, userId));
        await storeUser(userId);
      });
    },

    suspend() {
      current = Promise.resolve(null);
      return serial(() => storeUser(null));
    },

    clear() {
      current = Promise.resolve(null);
      return serial(async () => {
        await storeUser(null);
        return deleteUserCaches(isUserCacheName);
      });
    },
  };
}
