import { z } from 'zod/mini';
import type { AppDatabase, CheckinListRow } from '../../lib/db.ts';
import { type CheckinList, checkinListSchema } from '../../shared/contracts/checkin.ts';

/*
 * The check-in lists on the device: downloaded whenever the page is online and kept per
 * user in Dexie, so the pass check opens without a signal after one online visit. The chosen list
 * and the device's id belong to the device (localStorage), not to whoever is signed in.
 */

const listRowSchema = z.extend(checkinListSchema, {
  userId: z.string(),
  fetchedAt: z.string(),
  // Rows cached before lists had a validity window read as unlimited until the next download.
  validFrom: z._default(z.nullable(z.string()), null),
  validUntil: z._default(z.nullable(z.string()), null),
});

/** Rows read back from IndexedDB (maybe written by another version): the readable ones, by id. */
export function readListRows(rows: readonly unknown[]): CheckinListRow[] {
  return rows
    .flatMap((row) => {
      const parsed = z.safeParse(listRowSchema, row);
      return parsed.success ? [parsed.data] : [];
    })
    .sort((a, b) => a.id - b.id);
}

export async function cachedLists(database: AppDatabase, userId: string): Promise<CheckinListRow[]> {
  return readListRows(await database.checkinLists.where('userId').equals(userId).toArray());
}

/** The server's lists replace the user's cached ones (a list removed on the server goes). */
export async function storeLists(
  database: AppDatabase,
  userId: string,
  lists: readonly CheckinList[],
  now: Date = new Date(),
): Promise<void> {
  const fetchedAt = now.toISOString();
  await database.transaction('rw', database.checkinLists, async () => {
    await database.checkinLists.where('userId').equals(userId).delete();
    await database.checkinLists.bulkPut(lists.map((list) => ({ ...list, userId, fetchedAt })));
  });
}

/** What the device keeps in localStorage; tests pass a Map-like of their own. */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

function browserStorage(): KeyValueStore | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage blocked (privacy settings): the id then lives as long as the page.
    return null;
  }
}

export const DEVICE_ID_KEY = 'checkin-device-id';
export const CHOSEN_LIST_KEY = 'checkin-list';
const DEVICE_ID = /^[A-Za-z0-9-]{8,100}$/;
let pageDeviceId: string | null = null;

/**
 * This device's id, sent with every check-in so the server (and the other devices) can tell which
 * device checked a pass in. Random, created once and kept across sign-outs.
 */
export function deviceIdOf(storage: KeyValueStore | null = browserStorage()): string {
  try {
    const stored = storage?.getItem(DEVICE_ID_KEY);
    if (stored && DEVICE_ID.test(stored)) return stored;
    const fresh = crypto.randomUUID();
    storage?.setItem(DEVICE_ID_KEY, fresh);
    if (storage) return fresh;
  } catch {
    // Storage full or blocked: fall through to an id for this page.
  }
  pageDeviceId ??= crypto.randomUUID();
  return pageDeviceId;
}

/** The list this device checked passes for last, or null. */
export function chosenListId(storage: KeyValueStore | null = browserStorage()): number | null {
  try {
    const raw = storage?.getItem(CHOSEN_LIST_KEY) ?? '';
    return /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
  } catch {
    return null;
  }
}

export function rememberListId(id: number, storage: KeyValueStore | null = browserStorage()): void {
  try {
    storage?.setItem(CHOSEN_LIST_KEY, String(id));
  } catch {
    // Not remembered: the staff member picks the list again next time.
  }
}
