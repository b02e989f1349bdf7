import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { z } from 'zod/mini';
import { ApiError, api } from '../../lib/api.ts';
import { db } from '../../lib/db.ts';
import { isNetworkError, isOnline } from '../../lib/network.ts';
import { checkinEventsSchema, checkinListSchema } from '../../shared/contracts/checkin.ts';
import { useSyncStatus } from '../../sync/use-outbox.ts';
import { cachedCheckins, recordRejections } from './checkins.ts';
import { cachedLists } from './lists.ts';
import { outboxStates } from './model.ts';
import { type CheckinFetchers, refreshCheckins } from './refresh.ts';

const NO_ROWS: never[] = [];
const listsSchema = z.array(checkinListSchema);

const FETCHERS: CheckinFetchers = {
  lists: () => api('/api/checkin/lists', listsSchema),
  events: (listId, cursor) => api(`/api/checkin/lists/${listId}/events`, checkinEventsSchema, { query: { cursor } }),
};

/** While the page is open and online, the counts and other devices' check-ins are fetched this often. */
export const REFRESH_INTERVAL_MS = 15_000;

/** The user's cached lists, check-ins and check-in ops, live; refusals are copied onto the check-ins. */
export function useCheckinStore(userId: string) {
  const lists = useLiveQuery(() => cachedLists(db, userId), [userId]);
  const rows = useLiveQuery(() => cachedCheckins(db, userId), [userId]);
  const ops = useLiveQuery(() => db.outbox.where('[userId+kind]').equals([userId, 'checkin']).toArray(), [userId]);
  useEffect(() => {
    if (ops) recordRejections(db, userId, ops).catch(() => undefined);
  }, [userId, ops]);
  const states = useMemo(() => outboxStates(ops ?? NO_ROWS), [ops]);
  return { lists, rows: rows ?? NO_ROWS, states };
}

export interface RefreshState {
  /** A download is under way. */
  refreshing: boolean;
  /** Why the last download failed (null after a success or while offline). */
  error: RefreshError | null;
  /** No network (the browser says so, or the last download got no answer). */
  offline: boolean;
  /** A download succeeded since the page opened. */
  succeeded: boolean;
}

/**
 * A failed download: `message` is the server's refusal (403, already in the user's language), null
 * for any other failure (the page says the lists could not be updated).
 */
export interface RefreshError {
  message: string | null;
}

function refreshError(error: unknown): RefreshError {
  return { message: error instanceof ApiError && error.status === 403 ? error.message : null };
}

/**
 * Keeps the lists' counts and the chosen list's events fresh while the page is open: at once, after
 * every upload of the outbox (so this device's own events come back with their duplicate flags),
 * every REFRESH_INTERVAL_MS, when the connection returns and when the page becomes visible.
 * One download at a time; a trigger during one runs another after it.
 */
export function useCheckinRefresh(userId: string, listId: number | null): RefreshState {
  const { lastSyncAt } = useSyncStatus();
  const [state, setState] = useState<RefreshState>({
    refreshing: false,
    error: null,
    offline: !isOnline(),
    succeeded: false,
  });
  const listRef = useRef(listId);
  listRef.current = listId;
  const running = useRef(false);
  const again = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const refresh = useCallback(async () => {
    if (!isOnline()) {
      setState((current) => ({ ...current, refreshing: false, error: null, offline: true }));
      return;
    }
    if (running.current) {
      again.current = true;
      return;
    }
    running.current = true;
    setState((current) => ({ ...current, refreshing: true, offline: false }));
    let error: RefreshError | null = null;
    let unreachable = false;
    try {
      do {
        again.current = false;
        await refreshCheckins(db, userId, listRef.current, FETCHERS);
      } while (again.current && mounted.current);
    } catch (failure) {
      unreachable = isNetworkError(failure);
      if (!unreachable) error = refreshError(failure);
    } finally {
      running.current = false;
    }
    if (mounted.current) {
      setState((current) => ({
        refreshing: false,
        error,
        offline: unreachable || !isOnline(),
        succeeded: current.succeeded || (error === null && !unreachable),
      }));
    }
  }, [userId]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: listId and lastSyncAt are triggers to download again.
  useEffect(() => {
    void refresh();
  }, [refresh, listId, lastSyncAt]);

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refresh();
    };
    const onOnline = () => void refresh();
    const onOffline = () => setState((current) => ({ ...current, offline: true }));
    const timer = setInterval(() => void refresh(), REFRESH_INTERVAL_MS);
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [refresh]);

  return state;
}
