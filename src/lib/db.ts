import { Dexie, type EntityTable, type Table } from 'dexie';
import type { Lead } from '../shared/contracts/leads.ts';

/*
 * The device's own database (IndexedDB through Dexie, docs/architecture.md §5). Every row carries the
 * userId of the signed-in user it belongs to: queries filter by it, and sign-out deletes it.
 * Versions are migrations: never change a released version's stores in place, add a new version.
 */

/** Kinds of offline changes the sync engine uploads; each kind has its endpoint (src/sync). */
export type OutboxKind = 'favourite' | 'lead' | 'checkin';

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
 * A lead the scanner collected on this device, one per scanned person: `personKey` is the
 * badge's `pid`, so scanning the same person again updates this row. `status` is what the device
 * knew when it last wrote the row; the list derives the live pending/rejected state from the outbox.
 */
export interface LeadRow {
  userId: string;
  personKey: string;
  /** The badge scanned here; '' for a lead this device only edited (it came from the server's list). */
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

/** A check-in list as the staff device last downloaded it, with the server's counts then. */
export interface CheckinListRow {
  userId: string;
  id: number;
  name: string;
  description: string;
  /** Pass type names as in a badge's `t`; empty = every pass type. */
  passTypes: string[];
  /** When the list admits (ISO instants; null: no limit on that side; rows cached before these fields read as null). */
  validFrom: string | null;
  validUntil: string | null;
  checkedIn: number;
  duplicates: number;
  fetchedAt: string;
}

/**
 * One check-in of a list: made on this device (`id` = its outbox op's id, the nonce) or downloaded
 * from the server's events (any device). Both meet by id, so the server's copy of a check-in made
 * here completes the device's row instead of adding a second one.
 */
export interface CheckinRow {
  userId: string;
  id: string;
  listId: number;
  /** The badge's barcode id (`pid`). */
  barcodeId: string;
  /** Known once the server's events include the check-in (a pass keeps its id across new barcodes). */
  passId: string | null;
  holderName: string;
  company: string;
  passType: string;
  deviceId: string;
  scannedAt: string;
  /** When the server received it; null until its events include it. */
  receivedAt: string | null;
  /** The first check-in of the same pass on the list, as the server decided; null for the first. */
  duplicateOf: string | null;
  /** Why the server refused it; kept here so the reason stays after its outbox row is dismissed. */
  rejectedReason: string | null;
}

/**
 * A lead of the user's active list as the server sent it (GET /api/lead/changes): the leads of the
 * user's other devices and team mates. Downloaded as changes, keyed by the lead's id.
 */
export type ServerLeadRow = Lead & { userId: string };

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
  checkinLists: Table<CheckinListRow, [string, number]>;
  checkins: Table<CheckinRow, [string, string]>;
  serverLeads: Table<ServerLeadRow, [string, string]>;
};

export const DATABASE_NAME = 'cloudfest';

export function openAppDatabase(name = DATABASE_NAME): AppDatabase {
  const database = new Dexie(name) as AppDatabase;
  database.version(1).stores({
    outbox: 'id, [userId+status], [userId+kind], createdAt',
    favourites: '[userId+sessionId], userId',
    meta: '[userId+key], userId',
  });
  // Version 2: the lead scanner's leads; the version 1 stores stay as they are.
  database.version(2).stores({
    leads: '[userId+personKey], userId',
  });
  // Version 3: the staff pass check's lists and check-ins.
  database.version(3).stores({
    checkinLists: '[userId+id], userId',
    checkins: '[userId+id], [userId+listId+barcodeId], userId',
  });
  // Version 4: the scan tab lists the newest leads and their newest ops without reading them all.
  database.version(4).stores({
    outbox: 'id, [userId+status], [userId+kind], createdAt, [userId+kind+createdAt]',
    leads: '[userId+personKey], userId, [userId+changedAt]',
  });
  // Version 5: the server's active lead list, downloaded as changes, in a table of its
  // own instead of one meta value. Lists stored the old way move in; without a download cursor the
  // next download starts over and replaces them. The check-in events' time cursors give way to
  // change cursors (the next download of a list starts over, merging by id).
  database
    .version(5)
    .stores({ serverLeads: '[userId+id], userId' })
    .upgrade(async (tx) => {
      const meta = tx.table<MetaRow, [string, string]>('meta');
      const stored = await meta.filter((row) => row.key === 'leadsActive').toArray();
      const rows = stored.flatMap(({ userId, value }) =>
        Array.isArray(value) ? value.map((lead: unknown) => ({ ...(lead as object), userId }) as ServerLeadRow) : [],
      );
      await tx.table<ServerLeadRow, [string, string]>('serverLeads').bulkPut(rows.filter((row) => typeof row.id === 'string'));
      await meta.filter((row) => row.key === 'leadsActive' || row.key.startsWith('checkinEventsSince:')).delete();
    });
  return database;
}

/** The app's database; opened lazily by Dexie on first use. */
export const db = openAppDatabase();

/** Sign-out: the user's rows go, so the next person on this device sees nothing of them. */
export async function deleteUserData(database: AppDatabase, userId: string): Promise<void> {
  const tables = [
    database.outbox,
    database.favourites,
    database.meta,
    database.leads,
    database.checkinLists,
    database.checkins,
    database.serverLeads,
  ];
  await database.transaction('rw', tables, async () => {
    await database.outbox.where('[userId+status]').between([userId, Dexie.minKey], [userId, Dexie.maxKey]).delete();
    await database.favourites.where('userId').equals(userId).delete();
    await database.meta.where('userId').equals(userId).delete();
    await database.leads.where('userId').equals(userId).delete();
    await database.checkinLists.where('userId').equals(userId).delete();
    await database.checkins.where('userId').equals(userId).delete();
    await database.serverLeads.where('userId').equals(userId).delete();
  });
}
