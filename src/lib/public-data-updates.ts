import { useEffect, useRef } from 'react';
import { concernsPath, readPublicDataUpdate } from '../shared/public-data-updates.ts';
import { flushLogouts } from './pending-logout.ts';

/** The second look after the device comes online. */
export const RETRY_AFTER_ONLINE_MS = 3000;

/**
 * Calls `refresh` when public data the page shows may have changed on the server:
 *
 * - the service worker revalidated `path` in the background and got a different answer
 *   (sw/public-data-updates.ts): the page reads it again and gets the fresh copy;
 * - the device is back online (and again a few seconds later), or the app comes back to the
 *   foreground: `path` is asked for again through the worker, which answers from its cache and
 *   revalidates, so a change arrives as the message above. Without a worker in control (first
 *   visit, development) the page reads it again itself.
 *
 * So an agenda import or a news item published while a phone was offline shows up at its next
 * online moment, without a reload.
 */
export function usePublicDataRefresh(path: string, refresh: () => void): void {
  const latest = useRef(refresh);
  latest.current = refresh;

  useEffect(() => {
    const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
    const onMessage = (event: MessageEvent) => {
      const changed = readPublicDataUpdate(event.data);
      if (changed !== null && concernsPath(changed, path)) latest.current();
    };
    const ask = () => {
      if (!navigator.onLine) return;
      if (!container?.controller) {
        latest.current();
        return;
      }
      // The worker answers from its cache and revalidates; a change comes back as a message.
      // A session signed out offline still ends on the server before any other request (as api() does).
      flushLogouts()
        .then(() => fetch(path, { headers: { Accept: 'application/json' }, credentials: 'same-origin' }))
        .catch(() => undefined);
    };
    let again: ReturnType<typeof setTimeout> | undefined;
    const onOnline = () => {
      ask();
      // 'online' can come before the connection carries traffic (and before the worker's own
      // requests do): ask once more a little later; unchanged data costs a 304.
      clearTimeout(again);
      again = setTimeout(ask, RETRY_AFTER_ONLINE_MS);
    };
    // Coming back to the app after a while (it stayed open in the background) also asks.
    const onVisible = () => {
      if (document.visibilityState === 'visible') ask();
    };
    container?.addEventListener('message', onMessage);
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearTimeout(again);
      container?.removeEventListener('message', onMessage);
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [path]);
}
