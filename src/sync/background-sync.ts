/*
 * Background Sync (Chromium): the browser wakes the service worker with a 'sync' event once it is
 * online again, even when the app is in the background. The worker has no token, so it only tells
 * the open pages to drain their outbox (sw/sw.ts); the page's engine does the sending.
 */

/** The sync tag registered for the outbox; sw/sw.ts listens for it (keep both in step). */
export const OUTBOX_SYNC_TAG = 'outbox';
/** The message the worker posts to its window clients on that sync (sw/rules.ts has the same). */
export const SYNC_OUTBOX_MESSAGE = 'SYNC_OUTBOX';

/** The part of the Background Sync API used here; TypeScript's DOM types do not have it yet. */
interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
}

function serviceWorkerContainer(): ServiceWorkerContainer | undefined {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker : undefined;
}

/**
 * Asks for a 'sync' event when the device is online. Best effort: without a service worker or
 * the API (Firefox, Safari) the page's own triggers (online, visibility, timer) do the work.
 */
export function registerBackgroundSync(container = serviceWorkerContainer()): void {
  // Only when a worker controls the page: `ready` would otherwise wait forever (development).
  if (!container?.controller) return;
  container.ready
    .then((registration) => (registration as ServiceWorkerRegistration & SyncRegistration).sync?.register(OUTBOX_SYNC_TAG))
    .catch(() => {
      // Refused (e.g. no permission in this context): the page's triggers remain.
    });
}

/** Calls `listener` whenever the worker relays a background sync. Returns the unsubscribe function. */
export function onServiceWorkerSync(listener: () => void, container = serviceWorkerContainer()): () => void {
  if (!container) return () => {};
  const onMessage = (event: MessageEvent) => {
    const data: unknown = event.data;
    if (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === SYNC_OUTBOX_MESSAGE) listener();
  };
  container.addEventListener('message', onMessage);
  return () => container.removeEventListener('message', onMessage);
}
