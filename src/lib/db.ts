import { Dexie, type EntityTable, type Table } from 'dexie';

/*
 * The device's own database (IndexedDB through Dexie, ARCHITECTURE §5). Every row carries the
 * userId of the signed-in user it belongs to: queries filter by it, and sign-out deletes it.
 * Versions are migrations: never change a released version's stores in place, add a new version.
 */

/** Kinds of offline changes the sync engine uploads; each kind has its endpoint (src/sync). */
export type OutboxKind = 'favourite' | 'lead';

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

/**
 * A lead the scanner collected on this device (issue 6), one per scanned person: `personKey` is the
 * badge's `pid`, so scanning the same person again updates this row. `status` is what the device
 * knew when it last wrote the row; the list derives the live pending/rejected state from the outbox.
 */
export interface LeadRow {
  userId: string;
  personKey: string;
  token: string;
  name: string;
  company: string;
  passType: string;
  createdAt: string;
  changedAt: string;
  notes: string;
  rating: number | null;
  tags: string[];
  answers: { question: string; answer: string }[];
  status: 'pending' | 'synced' | 'rejected';
  reason: string | null;
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
  leads: Table<LeadRow, [string, string]>;
};

export const DATABASE_NAME = 'cloudfest';

export function openAppDatabase(name = DATABASE_NAME): AppDatabase {
  const database = new Dexie(name) as AppDatabase;
  database.version(1).stores({
    outbox: 'id, [userId+status], [userId+kind], createdAt',
    favourites: '[userId+sessionId], userId',
    meta: '[userId+key], userId',
  });
  // Version 2 (issue 6): the lead scanner's leads; the version 1 stores stay as they are.
  database.version(2).stores({
    leads: '[userId+personKey], userId',
  });
  return database;
}

/** The app's database; opened lazily by Dexie on first use. */
export const db = openAppDatabase();

/** Sign-out: the user's rows go, so the next person on this device sees nothing of them. */
export async function deleteUserData(database: AppDatabase, userId: string): Promise<void> {
  await database.transaction('rw', [database.outbox, database.favourites, database.meta, database.leads], async () => {
    await database.outbox.where('[userId+status]').between([userId, Dexie.minKey], [userId, Dexie.maxKey]).delete();
    await database.favourites.where('userId').equals(userId).delete();
    await database.meta.where('userId').equals(userId).delete();
    await database.leads.where('userId').equals(userId).delete();
  });
}
