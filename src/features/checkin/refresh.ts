import { ApiError } from '../../lib/api.ts';
import { pullChangePages } from '../../lib/change-pages.ts';
import type { AppDatabase } from '../../lib/db.ts';
import type { CheckinEvents, CheckinList } from '../../shared/contracts/checkin.ts';
import { mergeEvents } from './checkins.ts';
import { storeLists } from './lists.ts';

/*
 * What the pass check downloads while online: the lists with the server's live counts,
 * and the chosen list's events new since the last download (a change cursor, never a time window:
 * src/lib/change-pages.ts), so check-ins of other devices reach this one and duplicates show. The
 * network calls come in as functions (tests pass their own).
 */

export interface CheckinFetchers {
  lists(): Promise<CheckinList[]>;
  /** One page of the list's events after `cursor` (undefined: from the start). */
  events(listId: number, cursor: string | undefined): Promise<CheckinEvents>;
}

/** Meta key of a list's events cursor (the last page's `cursor`). */
export const eventsCursorKey = (listId: number) => `checkinEventsCursor:${listId}`;

async function readCursor(database: AppDatabase, userId: string, listId: number): Promise<string | undefined> {
  const value = (await database.meta.get([userId, eventsCursorKey(listId)]))?.value;
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * Downloads the list's events after the stored cursor, page by page until complete, and merges each
 * page with its cursor in one transaction (an interrupted download resumes where it stopped).
 */
export async function pullEvents(
  database: AppDatabase,
  userId: string,
  listId: number,
  fetchEvents: CheckinFetchers['events'],
): Promise<void> {
  await pullChangePages(
    await readCursor(database, userId, listId),
    (cursor) => fetchEvents(listId, cursor),
    async ({ events, cursor }, asked) => {
      if (events.length === 0 && cursor === asked) return;
      await database.transaction('rw', database.checkins, database.meta, async () => {
        await mergeEvents(database, userId, events);
        await database.meta.put({ userId, key: eventsCursorKey(listId), value: cursor });
      });
    },
  );
}

/**
 * The chosen list's events first, then the lists with their counts: counts fetched afterwards
 * include every event just merged, so a flagged duplicate never shows beside a count without it.
 * A list the device does not know yet gets its events once the lists arrived; a list the server
 * no longer has (404) is dropped with the new lists. Throws when offline or refused.
 */
export async function refreshCheckins(
  database: AppDatabase,
  userId: string,
  listId: number | null,
  fetchers: CheckinFetchers,
): Promise<void> {
  const known = listId !== null && (await database.checkinLists.get([userId, listId])) !== undefined;
  if (known && listId !== null) {
    try {
      await pullEvents(database, userId, listId, fetchers.events);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
  }
  const lists = await fetchers.lists();
  await storeLists(database, userId, lists);
  if (!known && listId !== null && lists.some((list) => list.id === listId)) {
    await pullEvents(database, userId, listId, fetchers.events);
  }
}
