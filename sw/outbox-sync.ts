/**
 * Background Sync relay (docs/architecture.md §5): the browser fires 'sync' with our tag once the device
 * is online again. The worker holds no token, so it does not upload anything itself: it asks the
 * open pages to drain their outbox (src/sync/background-sync.ts registers the tag and listens).
 */

/** Keep both in step with src/sync/background-sync.ts (a unit test checks it). */
export const OUTBOX_SYNC_TAG = 'outbox';
export const SYNC_OUTBOX_MESSAGE = 'SYNC_OUTBOX';

/** The part of a window client used here. */
export interface MessageTarget {
  postMessage(message: unknown): void;
}

/**
 * Tells every open window to sync. Returns how many were told; with none, the rows wait for the
 * next start of the app, which drains at once.
 */
export async function relayOutboxSync(tag: string, windows: () => Promise<readonly MessageTarget[]>): Promise<number> {
  if (tag !== OUTBOX_SYNC_TAG) return 0;
  const clients = await windows();
  for (const client of clients) client.postMessage({ type: SYNC_OUTBOX_MESSAGE });
  return clients.length;
}
