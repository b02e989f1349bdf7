import type { AppDatabase } from '../../lib/db.ts';
import { type PassKeys, passKeysSchema } from '../../shared/contracts/pass-token.ts';

/*
 * The public keys that verify badges offline (ARCHITECTURE §6). Fetched whenever the device is
 * online and kept in the user's Dexie meta, so a scanner that opened the app once with a signal can
 * verify badges all day in a hall without one.
 */

export const PASS_KEYS_META = 'passKeys';

/** The keys cached for this user, or null when none were fetched yet (or the cache is unreadable). */
export async function cachedPassKeys(database: AppDatabase, userId: string): Promise<PassKeys | null> {
  const row = await database.meta.get([userId, PASS_KEYS_META]);
  const parsed = passKeysSchema.safeParse(row?.value);
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
