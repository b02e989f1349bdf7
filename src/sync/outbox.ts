import type { Table } from 'dexie';
import { type AppDatabase, db, type OutboxKind, type OutboxRow } from '../lib/db.ts';
import { rethrowQuotaError } from '../lib/storage.ts';
import { registerBackgroundSync } from './background-sync.ts';
import { type OutboxPayload, readOp, SYNC_KINDS } from './kinds.ts';

/*
 * The outbox (docs/architecture.md §5): every change made on the device goes here first, with a
 * client-generated id the server applies once. The sync engine (./engine.ts) uploads the rows.
 *
 * A change that also updates a local table must write both in ONE Dexie transaction, so the
 * device never shows a change that will not be uploaded (or uploads one it does not show):
 *
 *   // the simple way: enqueue() opens the transaction over the outbox and the given tables
 *   await enqueue('favourite', { sessionId, favourite }, userId, {
 *     tables: [db.favourites],
 *     write: (row) => db.favourites.put({ userId, sessionId, favourite, changedAt: row.createdAt }),
 *   });
 *
 *   // inside a bigger transaction of your own (it must include db.outbox):
 *   const row = createOutboxRow('favourite', { sessionId, favourite }, userId);
 *   await db.transaction('rw', db.favourites, db.outbox, async () => {
 *     await db.favourites.put({ userId, sessionId, favourite, changedAt: row.createdAt });
 *     await addToOutbox(row);
 *   });
 *   outboxChanged(); // after the commit: wakes the engine
 *
 * Only Dexie calls inside the transaction: awaiting fetch (or anything not IndexedDB) there ends it.
 */

let lastCreatedAt = 0;

/**
 * Creation times strictly increase within a page, so "oldest first" keeps the order in which the
 * user made the changes even within one millisecond (the server lets the newest change win).
 */
function nextCreatedAt(now: number): string {
  lastCreatedAt = Math.max(now, lastCreatedAt + 1);
  return new Date(lastCreatedAt).toISOString();
}

/**
 * A new pending row. The payload is checked against the kind's contract now, so a programming
 * error fails here, in front of the developer, not later on the server.
 */
export function createOutboxRow<K extends OutboxKind>(
  kind: K,
  payload: OutboxPayload<K>,
  userId: string,
  now = Date.now(),
): OutboxRow {
  if (!userId) throw new Error('An outbox row needs the id of the signed-in user.');
  const row: OutboxRow = {
    id: crypto.randomUUID(),
    userId,
    kind,
    payload,
    createdAt: nextCreatedAt(now),
    status: 'pending',
    attempts: 0,
    lastError: null,
  };
  const checked = readOp(SYNC_KINDS[kind], row);
  if ('reason' in checked) throw new Error(`Invalid ${kind} change: ${checked.reason}`);
  return row;
}

/** Adds a row; call it inside your own transaction (which must include the outbox table). */
export async function addToOutbox(row: OutboxRow, database: AppDatabase = db): Promise<void> {
  await database.outbox.add(row);
}

type Listener = () => void;
const listeners = new Set<Listener>();

/** The engine listens here to send new rows soon. Returns the unsubscribe function. */
export function onOutboxChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Call after committing rows added with addToOutbox (enqueue does it itself). */
export function outboxChanged(): void {
  for (const listener of listeners) listener();
  registerBackgroundSync();
}

export interface EnqueueOptions {
  /** Local tables written together with the row (the same transaction). */
  tables?: readonly Table[];
  /** Writes those tables; runs inside the transaction, before the row is added. */
  write?: (row: OutboxRow) => unknown;
  database?: AppDatabase;
}

/**
 * Queues one change of the signed-in user (and the local writes that go with it) atomically, then
 * wakes the engine. A full disk rejects with StorageFullError (QUOTA_MESSAGE): nothing was written.
 */
export async function enqueue<K extends OutboxKind>(
  kind: K,
  payload: OutboxPayload<K>,
  userId: string,
  { tables = [], write, database = db }: EnqueueOptions = {},
): Promise<OutboxRow> {
  const row = createOutboxRow(kind, payload, userId);
  try {
    await database.transaction('rw', [database.outbox, ...tables], async () => {
      await write?.(row);
      await database.outbox.add(row);
    });
  } catch (error) {
    rethrowQuotaError(error);
  }
  outboxChanged();
  return row;
}

// --- reading --------------------------------------------------------------------------------

export interface OutboxCounts {
  /** Waiting to be sent. */
  pending: number;
  /** Refused by the server (or unreadable): kept, with the reason, until the user dismisses them. */
  rejected: number;
}

export async function outboxCounts(userId: string, database: AppDatabase = db): Promise<OutboxCounts> {
  const [pending, rejected] = await Promise.all([
    database.outbox.where('[userId+status]').equals([userId, 'pending']).count(),
    database.outbox.where('[userId+status]').equals([userId, 'rejected']).count(),
  ]);
  return { pending, rejected };
}

/**
 * Changes that are not on the server (pending and rejected): what a logout would lose. The menu
 * asks "You have N changes that are not synced yet. Log out anyway?" when this is above zero.
 */
export async function pendingChangesCount(userId: string, database: AppDatabase = db): Promise<number> {
  const counts = await outboxCounts(userId, database);
  return counts.pending + counts.rejected;
}

/** The user's rejected rows, oldest first, for showing their reasons. */
export function rejectedChanges(userId: string, database: AppDatabase = db): Promise<OutboxRow[]> {
  return database.outbox.where('[userId+status]').equals([userId, 'rejected']).sortBy('createdAt');
}

/** The user has read the reasons and lets these rejected rows go (an explicit choice, not silent). */
export async function dismissRejected(userId: string, ids: readonly string[], database: AppDatabase = db): Promise<void> {
  await database.transaction('rw', database.outbox, async () => {
    const rows = await database.outbox.bulkGet([...ids]);
    const mine = rows.filter((row) => row?.userId === userId && row.status === 'rejected').map((row) => row?.id ?? '');
    await database.outbox.bulkDelete(mine);
  });
}
