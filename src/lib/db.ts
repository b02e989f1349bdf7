import { Dexie, type EntityTable, type Table } from 'dexie';

/*
 * The device's own database (IndexedDB through Dexie, ARCHITECTURE §5). Every row carries the
 * userId of the signed-in user it belongs to: queries filter by it, and sign-out deletes it.
 * Versions are migrations: never change a released version's stores in place, add a new version.
 */

/** Kinds of offline changes the sync engine uploads; each kind has its endpoint (src/sync). */
export type OutboxKind = 'favourite';

/**
 * One offline change waiting for the server. `id` is the client-generated UUID the server applies
 * once; `payload` is the op body without id/createdAt (validated again when it is sent).
 * pending: to send; rejected: the server refused it (reason kept and shown, never dropped).
 */
export interface OutboxRow {
  id: string;
  userId: string;
  kind: OutboxKind;
  payload: unknown;
  createdAt: string;
  status: 'pending' | 'rejected';
  attempts: number;
  lastError: string | null;
}

/** The device's view of the personal agenda; written at once, uploaded through the outbox. */
export interface FavouriteRow {
  userId: string;
  sessionId: number;
  favourite: boolean;
  changedAt: string;
}

/** Small per-user facts (last sync time, last seen server state...). */
export interface MetaRow {
  userId: string;
  key: string;
  value: unknown;
}

export type AppDatabase = Dexie & {
  outbox: EntityTable<OutboxRow, 'id'>;
  favourites: Table<FavouriteRow, [string, number]>;
  meta: Table<MetaRow, [string, string]>;
};

export const DATABASE_NAME = 'cloudfest';

export function openAppDatabase(name = DATABASE_NAME): AppDatabase {
  const database = new Dexie(name) as AppDatabase;
  database.version(1).stores({
    outbox: 'id, [userId+status], [userId+kind], createdAt',
    favourites: '[userId+sessionId], userId',
    meta: '[userId+key], userId',
  });
  return database;
}

/** The app's database; opened lazily by Dexie on first use. */
export const db = openAppDatabase();

/** Sign-out: the user's rows go, so the next person on this device sees nothing of them. */
export async function deleteUserData(database: AppDatabase, userId: string): Promise<void> {
  await database.transaction('rw', database.outbox, database.favourites, database.meta, async () => {
    await database.outbox.where('[userId+status]').between([userId, Dexie.minKey], [userId, Dexie.maxKey]).delete();
    await database.favourites.where('userId').equals(userId).delete();
    await database.meta.where('userId').equals(userId).delete();
  });
}
