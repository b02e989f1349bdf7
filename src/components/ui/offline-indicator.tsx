import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useT } from '../../i18n/use-t.ts';
import { useOnline } from '../../lib/network.ts';
import { signOut, userAtom } from '../../lib/session.ts';
import { toastError } from '../../lib/toast.ts';
import { startSyncEngine } from '../../sync/app-sync.ts';
import { SYNC_KINDS } from '../../sync/kinds.ts';
import { dismissRejected } from '../../sync/outbox.ts';
import { useOutboxCounts, useRejectedChanges, useSyncStatus } from '../../sync/use-outbox.ts';
import { indicatorText } from './offline-indicator.text.ts';
import './offline-indicator.css';

/** Re-render the "Last synced … ago" text this often. */
const CLOCK_TICK_MS = 30_000;
/**
 * Online, a change usually reaches the server within a second: only work still waiting after this
 * long is shown, so the bar does not flash (and shift the page) on every tap.
 */
const QUIET_SYNC_MS = 2_000;

/** True once `value` has been true for `delayMs` without a break. */
function useSustained(value: boolean, delayMs: number): boolean {
  const [sustained, setSustained] = useState(false);
  useEffect(() => {
    if (!value) {
      setSustained(false);
      return;
    }
    const id = setTimeout(() => setSustained(true), delayMs);
    return () => clearTimeout(id);
  }, [value, delayMs]);
  return value && sustained;
}

function useClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(id);
  }, []);
  return now;
}

const kindLabel = (kind: string) => (SYNC_KINDS as Record<string, { label: string } | undefined>)[kind]?.label;

/**
 * The signed-in layout's small sync bar ("Offline experience"): offline, changes waiting
 * to sync, syncing, changes the server refused (with the reasons on expand), a session that must
 * be renewed, and when the last sync was. Empty (and invisible) when there is nothing to say; the
 * live region stays in the page so screen readers hear the changes. Mounting it starts the sync
 * engine.
 */
export function OfflineIndicator() {
  const user = useAtomValue(userAtom);
  const userId = user?.uuid ?? null;
  const browserOnline = useOnline();
  const status = useSyncStatus();
  const counts = useOutboxCounts(userId);
  const rejected = useRejectedChanges(userId);
  const now = useClock();
  const navigate = useNavigate();
  const [dismissing, setDismissing] = useState(false);
  const t = useT('common');

  useEffect(() => {
    startSyncEngine();
  }, []);

  const online = browserOnline && status.online;
  const busy = counts.pending > 0 || status.syncing;
  const showBusy = useSustained(busy, QUIET_SYNC_MS) || (busy && !online);

  const text = indicatorText(
    {
      online,
      syncing: showBusy && status.syncing,
      paused: status.paused,
      pending: showBusy || status.paused ? counts.pending : 0,
      rejected: counts.rejected,
      lastSyncAt: status.lastSyncAt,
    },
    now,
  );

  const signInAgain = () => {
    // The server already refused this session: unsynced changes stay on the device for this user.
    void signOut({ callServer: false });
    navigate('/sign-in', { replace: true });
  };

  const dismiss = async () => {
    if (!userId) return;
    setDismissing(true);
    try {
      await dismissRejected(
        userId,
        rejected.map((row) => row.id),
      );
    } catch {
      void toastError();
    } finally {
      setDismissing(false);
    }
  };

  return (
    // The whole bar is the live region, so the rejected summary is read out as well as the status.
    <section
      className={text.hidden ? 'offline-indicator' : `offline-indicator offline-indicator--${text.tone}`}
      role="status"
      aria-live="polite"
      aria-label={t('syncStatus')}
    >
      {text.parts.length > 0 ? <p className="offline-indicator__status">{text.parts.join(' · ')}</p> : null}
      {status.paused ? (
        <button type="button" className="btn btn-secondary btn-sm" onClick={signInAgain}>
          {t('signInAgain')}
        </button>
      ) : null}
      {text.rejectedLine ? (
        <details className="offline-indicator__rejected">
          <summary>{text.rejectedLine}</summary>
          <ul className="offline-indicator__reasons">
            {rejected.map((row) => (
              <li key={row.id}>
                <strong>{kindLabel(row.kind) ?? t('syncChange')}:</strong> {row.lastError ?? t('syncRefused')}
              </li>
            ))}
          </ul>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void dismiss()} disabled={dismissing}>
            {t('dismiss')}
          </button>
        </details>
      ) : null}
    </section>
  );
}
