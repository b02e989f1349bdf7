import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useMemo } from 'react';
import { api } from '../../lib/api.ts';
import { db } from '../../lib/db.ts';
import { StorageFullError } from '../../lib/storage.ts';
import { toastError } from '../../lib/toast.ts';
import { favouritesSchema } from '../../shared/contracts/agenda.ts';
import { favouriteIds, pullFavourites, setFavourite, syncStates } from './favourites.ts';

/** Focus and visibility changes come in bursts: ask the server at most this often for them. */
const PULL_INTERVAL_MS = 15_000;

const NO_ROWS: never[] = [];

async function fetchServerFavourites(): Promise<number[]> {
  const { sessionIds } = await api('/api/agenda/favourites', favouritesSchema);
  return sessionIds;
}

/**
 * The signed-in user's favourites as the device knows them (live: a change shows at once, offline
 * too), the sync state of changes not yet on the server, and the toggle. While online, the
 * server's state is pulled on open, when the connection returns and when the app comes back to
 * the foreground, so favourites made on another device appear.
 */
export function useFavourites(userId: string | null) {
  const rows = useLiveQuery(() => (userId ? db.favourites.where('userId').equals(userId).toArray() : NO_ROWS), [userId]);
  const ops = useLiveQuery(
    () => (userId ? db.outbox.where('[userId+kind]').equals([userId, 'favourite']).toArray() : NO_ROWS),
    [userId],
  );
  const favourites = useMemo(() => favouriteIds(rows ?? NO_ROWS), [rows]);
  const sync = useMemo(() => syncStates(ops ?? NO_ROWS), [ops]);

  useEffect(() => {
    if (!userId) return;
    let lastPull = 0;
    const pull = () => {
      if (!navigator.onLine) return;
      lastPull = Date.now();
      // A failed pull changes nothing: the device keeps showing what it has.
      pullFavourites(db, userId, fetchServerFavourites).catch(() => undefined);
    };
    const pullWhenVisible = () => {
      if (document.visibilityState === 'visible' && Date.now() - lastPull > PULL_INTERVAL_MS) pull();
    };
    pull();
    window.addEventListener('online', pull);
    document.addEventListener('visibilitychange', pullWhenVisible);
    return () => {
      window.removeEventListener('online', pull);
      document.removeEventListener('visibilitychange', pullWhenVisible);
    };
  }, [userId]);

  const toggle = useCallback(
    async (sessionId: number, favourite: boolean) => {
      if (!userId) return;
      try {
        // Also wakes the sync engine, which uploads the change as soon as it is online.
        await setFavourite(db, userId, sessionId, favourite);
      } catch (error) {
        void toastError(error instanceof StorageFullError ? error.message : undefined);
      }
    },
    [userId],
  );

  return { favourites, sync, loaded: rows !== undefined, toggle };
}
