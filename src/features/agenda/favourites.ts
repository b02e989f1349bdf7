import type { AppDatabase, FavouriteRow, OutboxRow } from '../../lib/db.ts';
import { rethrowQuotaError } from '../../lib/storage.ts';
import { addToOutbox, createOutboxRow, outboxChanged } from '../../sync/outbox.ts';

/*
 * The personal agenda on the device (docs/architecture.md §5): a favourite is written to Dexie at once,
 * together with an outbox op the sync engine uploads later, so it works offline and survives a
 * restart. The server's state is merged back in without undoing changes still waiting to be sent.
 */

/** The outbox payload of a 'favourite' op (the op's id and createdAt travel beside it). */
export interface FavouritePayload {
  sessionId: number;
  favourite: boolean;
}

function isFavouritePayload(payload: unknown): payload is FavouritePayload {
  if (typeof payload !== 'object' || payload === null) return false;
  const { sessionId, favourite } = payload as Record<string, unknown>;
  return typeof sessionId === 'number' && typeof favourite === 'boolean';
}

/**
 * Marks or unmarks one session: the favourites row and its outbox op in ONE transaction, so the
 * device never shows a change it will not upload (or uploads one it does not show). The op's
 * createdAt equals the row's changedAt: the server keeps the newest change per session by it.
 * After the commit the sync engine is woken (outboxChanged) to upload it as soon as it can.
 * A full disk rejects with StorageFullError, whose message is meant for the user.
 */
export async function setFavourite(
  database: AppDatabase,
  userId: string,
  sessionId: number,
  favourite: boolean,
  now: number = Date.now(),
): Promise<OutboxRow> {
  const payload: FavouritePayload = { sessionId, favourite };
  const op = createOutboxRow('favourite', payload, userId, now);
  try {
    await database.transaction('rw', database.favourites, database.outbox, async () => {
      await database.favourites.put({ userId, sessionId, favourite, changedAt: op.createdAt });
      await addToOutbox(op, database);
    });
  } catch (error) {
    rethrowQuotaError(error);
  }
  outboxChanged();
  return op;
}

/** The user's favourite ops of one status, newest last. */
async function favouriteOps(database: AppDatabase, userId: string, status: OutboxRow['status']): Promise<OutboxRow[]> {
  const rows = await database.outbox.where('[userId+status]').equals([userId, status]).toArray();
  return rows.filter((row) => row.kind === 'favourite').sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** Sessions with a favourite op of this user not yet accepted by the server. */
export async function pendingFavouriteSessions(database: AppDatabase, userId: string): Promise<Set<number>> {
  const ops = await favouriteOps(database, userId, 'pending');
  return new Set(ops.flatMap((op) => (isFavouritePayload(op.payload) ? [op.payload.sessionId] : [])));
}

/**
 * Merges the server's favourites (GET /api/agenda/favourites, fetched from `fetchedAt` on) into
 * the device: the server wins for every session without a pending op of this user, so favourites
 * made on another device appear and ones removed there disappear. Left alone: sessions that had a
 * pending op when the request started (the upload may have raced the answer) or have one now,
 * and rows changed after the request started.
 */
export async function mergeServerFavourites(
  database: AppDatabase,
  userId: string,
  serverIds: readonly number[],
  pendingAtFetch: ReadonlySet<number>,
  fetchedAt: string,
): Promise<number> {
  const server = new Set(serverIds);
  return database.transaction('rw', database.favourites, database.outbox, async () => {
    const pendingNow = await pendingFavouriteSessions(database, userId);
    const rows = await database.favourites.where('userId').equals(userId).toArray();
    const local = new Map(rows.map((row) => [row.sessionId, row]));
    const keepLocal = (sessionId: number) => {
      const row = local.get(sessionId);
      return pendingAtFetch.has(sessionId) || pendingNow.has(sessionId) || (row !== undefined && row.changedAt > fetchedAt);
    };
    const changes: FavouriteRow[] = [];
    for (const sessionId of server) {
      if (local.get(sessionId)?.favourite !== true && !keepLocal(sessionId)) {
        changes.push({ userId, sessionId, favourite: true, changedAt: fetchedAt });
      }
    }
    for (const row of rows) {
      if (row.favourite && !server.has(row.sessionId) && !keepLocal(row.sessionId)) {
        changes.push({ userId, sessionId: row.sessionId, favourite: false, changedAt: fetchedAt });
      }
    }
    if (changes.length > 0) await database.favourites.bulkPut(changes);
    return changes.length;
  });
}

/**
 * Fetches the server's favourites with `fetchIds` and merges them. Never awaits the network inside
 * a Dexie transaction: pending ops are read before the request, the merge runs after it.
 */
export async function pullFavourites(
  database: AppDatabase,
  userId: string,
  fetchIds: () => Promise<readonly number[]>,
  now: () => Date = () => new Date(),
): Promise<number> {
  const pendingAtFetch = await pendingFavouriteSessions(database, userId);
  const fetchedAt = now().toISOString();
  const serverIds = await fetchIds();
  return mergeServerFavourites(database, userId, serverIds, pendingAtFetch, fetchedAt);
}

/** What the list shows about a favourite that has not reached the server. */
export interface FavouriteSyncState {
  status: OutboxRow['status'];
  /** Why the server refused it (rejected ops stay visible with their reason). */
  reason: string | null;
}

/** Per session, the state of its newest unsent or rejected op. */
export function syncStates(ops: readonly OutboxRow[]): Map<number, FavouriteSyncState> {
  const states = new Map<number, FavouriteSyncState>();
  const ordered = [...ops].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  for (const op of ordered) {
    if (op.kind !== 'favourite' || !isFavouritePayload(op.payload)) continue;
    states.set(op.payload.sessionId, { status: op.status, reason: op.lastError });
  }
  return states;
}

/** The favourite session ids among the device's rows. */
export function favouriteIds(rows: readonly FavouriteRow[]): Set<number> {
  return new Set(rows.filter((row) => row.favourite).map((row) => row.sessionId));
}
