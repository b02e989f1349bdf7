import { useLiveQuery } from 'dexie-react-hooks';
import { useSyncExternalStore } from 'react';
import type { OutboxRow } from '../lib/db.ts';
import { getSyncStatus, subscribeSyncStatus } from './app-sync.ts';
import type { SyncStatus } from './engine.ts';
import { type OutboxCounts, outboxCounts, rejectedChanges } from './outbox.ts';

/*
 * React's view of the outbox and the engine (the only React in src/sync; the engine itself has
 * none). Counts and rows are live: they change as soon as a row is added, sent or rejected.
 */

const NO_COUNTS: OutboxCounts = { pending: 0, rejected: 0 };
const NO_ROWS: OutboxRow[] = [];

/** Pending and rejected changes of this user (zeros while signed out or loading). */
export function useOutboxCounts(userId: string | null): OutboxCounts {
  return useLiveQuery(() => (userId ? outboxCounts(userId) : NO_COUNTS), [userId], NO_COUNTS);
}

/** This user's rejected changes with their reasons, oldest first. */
export function useRejectedChanges(userId: string | null): OutboxRow[] {
  return useLiveQuery(() => (userId ? rejectedChanges(userId) : NO_ROWS), [userId], NO_ROWS);
}

/** The engine's status (online, syncing, paused, last sync, last error). */
export function useSyncStatus(): SyncStatus {
  return useSyncExternalStore(subscribeSyncStatus, getSyncStatus, getSyncStatus);
}
