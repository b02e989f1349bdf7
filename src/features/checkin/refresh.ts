import { ApiError } from '../../lib/api.ts';
import type { AppDatabase } from '../../lib/db.ts';
import { CHECKIN_EVENTS_LIMIT, type CheckinEvents, type CheckinList } from '../../shared/contracts/checkin.ts';
import { mergeEvents } from './checkins.ts';
import { storeLists } from './lists.ts';

/*
 * What the pass check downloads while online (issue 6): the lists with the server's live counts,
 * and the chosen list's events since the last download, so check-ins of other devices reach this
 * one and duplicates show. The network calls come in as functions (tests pass their own).
 */

export interface CheckinFetchers {
  lists(): Promise<CheckinList[]>;
  events(listId: number, since: string | undefined): Promise<CheckinEvents>;
}

/** Meta key of a list's events cursor (the last answer's `until`). */
export const eventsCursorKey = (listId: number) => `checkinEventsSince:${listId}`;

/** A runaway guard: a list with more events than this many full pages continues next time. */
const MAX_PAGES = 20;

async function readCursor(database: AppDatabase, userId: string, listId: number): Promise<string | undefined> {
  const value = (await database.meta.get([userId, eventsCursorKey(listId)]))?.value;
  return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? value : undefined;
}

/**
 * Downloads the list's events since the stored cursor, page by page while the pages are full, and
 * merges each page with its new cursor in one transaction (an interrupted download resumes).
 */
export async function pullEvents(
  database: AppDatabase,
  userId: string,
  listId: number,
  fetchEvents: CheckinFetchers['events'],
): Promise<void> {
  let since = await readCursor(database, userId, listId);
  for (let page = 0; page < MAX_PAGES; page++) {
    const { events, until } = await fetchEvents(listId, since);
    await database.transaction('rw', database.checkins, database.meta, async () => {
      await mergeEvents(database, userId, events);
      await database.meta.put({ userId, key: eventsCursorKey(listId), value: until });
    });
    if (events.length < CHECKIN_EVENTS_LIMIT || until === since) return;
    since = until;
  }
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
