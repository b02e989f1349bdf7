import { z } from 'zod/mini';
import { type PassKeys, type PassRevocations, passKeysSchema } from '../../shared/contracts/pass-token.ts';
import { pullChangePages } from '../change-pages.ts';
import type { AppDatabase } from '../db.ts';

/*
 * What a scanning device needs to judge badges without a signal (docs/architecture.md §6): the public keys
 * that verify signatures and the list of revoked barcode ids. Both are fetched whenever the device
 * is online and kept in the user's Dexie meta, so a scanner that opened the app once with a signal
 * can verify badges all day in a hall without one. Logout deletes them with the user's other rows.
 */

export const PASS_KEYS_META = 'passKeys';
export const REVOCATIONS_META = 'passRevocations';

/**
 * The revocation list as the device keeps it: every revoked id it downloaded, the cursor to ask for
 * new ones from (none in lists stored before cursors existed: the next download starts over) and when it
 * last fetched them.
 */
const cachedRevocationsSchema = z.object({
  revoked: z.array(z.string()),
  cursor: z.optional(z.string()),
  fetchedAt: z.string(),
});
export type CachedRevocations = z.infer<typeof cachedRevocationsSchema>;

/** One page of revocations after `cursor` (undefined: from the start). */
export type FetchRevocations = (cursor: string | undefined) => Promise<PassRevocations>;

/** The keys and revocations a device judges badges with; `revoked` is null until a list was fetched once. */
export interface BadgeTrust {
  /** kid → public key, the shape verifyPassToken takes. */
  keys: Record<string, string>;
  revoked: ReadonlySet<string> | null;
  /** When the revocation list was last fetched (ISO), or null. */
  revocationsFetchedAt: string | null;
}

/** kid → public key. */
export function keyMap(keys: PassKeys): Record<string, string> {
  return Object.fromEntries(keys.keys.map((key) => [key.kid, key.publicKey]));
}

/** The keys cached for this user, or null when none were fetched yet (or the cache is unreadable). */
export async function cachedPassKeys(database: AppDatabase, userId: string): Promise<PassKeys | null> {
  const row = await database.meta.get([userId, PASS_KEYS_META]);
  const parsed = passKeysSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : null;
}

/** The revocation list cached for this user, or null (none fetched yet, or unreadable). */
export async function cachedRevocations(database: AppDatabase, userId: string): Promise<CachedRevocations | null> {
  const row = await database.meta.get([userId, REVOCATIONS_META]);
  const parsed = cachedRevocationsSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : null;
}

/**
 * Fresh keys from the server (stored for later), falling back to the cached ones when the request
 * fails. Null only when neither is available: the page then says it needs a connection once.
 */
export async function loadPassKeys(
  database: AppDatabase,
  userId: string,
  fetchKeys: () => Promise<PassKeys>,
): Promise<PassKeys | null> {
  try {
    const keys = await fetchKeys();
    await database.meta.put({ userId, key: PASS_KEYS_META, value: keys });
    return keys;
  } catch {
    return cachedPassKeys(database, userId);
  }
}

/**
 * The revocation list brought up to date: the revocations new since the cached cursor, page by page
 * until complete, added to the cached ones (a barcode is never un-revoked, so the list only grows)
 * and stored for offline use; the cached list when the download fails.
 */
export async function loadRevocations(
  database: AppDatabase,
  userId: string,
  fetchRevocations: FetchRevocations,
  now: Date = new Date(),
): Promise<CachedRevocations | null> {
  const cached = await cachedRevocations(database, userId);
  try {
    const revoked = new Set(cached?.revoked);
    const cursor = await pullChangePages(cached?.cursor, fetchRevocations, (page) => {
      for (const id of page.revoked) revoked.add(id);
    });
    const value: CachedRevocations = { revoked: [...revoked], fetchedAt: now.toISOString(), ...(cursor ? { cursor } : {}) };
    await database.meta.put({ userId, key: REVOCATIONS_META, value });
    return value;
  } catch {
    return cached;
  }
}

/** Keys and revocations (fetched, else cached); null when no keys are known at all. */
export async function loadBadgeTrust(
  database: AppDatabase,
  userId: string,
  fetchers: { keys: () => Promise<PassKeys>; revocations: FetchRevocations },
): Promise<BadgeTrust | null> {
  const [keys, revocations] = await Promise.all([
    loadPassKeys(database, userId, fetchers.keys),
    loadRevocations(database, userId, fetchers.revocations),
  ]);
  if (!keys) return null;
  return {
    keys: keyMap(keys),
    revoked: revocations ? new Set(revocations.revoked) : null,
    revocationsFetchedAt: revocations?.fetchedAt ?? null,
  };
}
