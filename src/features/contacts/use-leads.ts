import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useRef, useState } from 'react';
import { z } from 'zod/mini';
import { api } from '../../lib/api.ts';
import { db, type LeadRow, type OutboxRow } from '../../lib/db.ts';
import { type Lead, leadChangesSchema, leadSchema } from '../../shared/contracts/leads.ts';
import { mergeLeads } from './lead-list.ts';
import { leadSyncStates } from './leads.ts';
import { cachedActiveLeads, cachedPassiveLeads, storePassiveLeads, syncActiveLeads } from './server-leads-cache.ts';

const NO_ROWS: never[] = [];
/** The outbox has not been read yet: the active list waits for it (one fetch on open, not two). */
const LOADING = 'loading';
/** The version of a list read from the device's stored copy. */
const CACHED = 'cached';
const leadListSchema = z.array(leadSchema);
/** The stored copy shows at once; the fresh list waits this long for the outbox to settle. */
const REFETCH_DELAY_MS = 400;

/** This user's lead rows on the device, live. */
function useLeadRows(userId: string | null): LeadRow[] | undefined {
  return useLiveQuery(() => (userId ? db.leads.where('userId').equals(userId).toArray() : NO_ROWS), [userId]);
}

/** This user's lead ops still in the outbox (pending or refused), live. */
function useLeadOps(userId: string | null): OutboxRow[] | undefined {
  return useLiveQuery(() => (userId ? db.outbox.where('[userId+kind]').equals([userId, 'lead']).toArray() : NO_ROWS), [userId]);
}

/**
 * Changes whenever an op enters or leaves the outbox (ops leave oldest first, in batches), so a
 * list fetched under the same value holds every op the outbox has sent.
 */
function outboxVersion(ops: readonly OutboxRow[] | undefined): string {
  if (!ops || ops.length === 0) return '0';
  const newest = ops.reduce((a, b) => (b.createdAt > a.createdAt ? b : a));
  return `${ops.length}:${newest.id}`;
}

/** A server list as the hooks fetch it: the stored copy, and the fresh one (fetched and stored). */
interface ServerListSource {
  cached(userId: string): Promise<Lead[] | null>;
  /** Brings the list up to date and answers it; `previous` is the one shown, reused when nothing changed. */
  fresh(userId: string, previous: Lead[] | null): Promise<Lead[]>;
}

/** People I or my team scanned: downloaded as changes since the last download (one small answer when nothing changed). */
const ACTIVE: ServerListSource = {
  cached: (userId) => cachedActiveLeads(db, userId),
  async fresh(userId, previous) {
    const changed = await syncActiveLeads(db, userId, (cursor) =>
      api('/api/lead/changes', leadChangesSchema, { query: { cursor } }),
    );
    return !changed && previous ? previous : ((await cachedActiveLeads(db, userId)) ?? []);
  },
};

/** People who scanned me: the whole list (short, and only shown on its own tab). */
const PASSIVE: ServerListSource = {
  cached: (userId) => cachedPassiveLeads(db, userId),
  async fresh(userId) {
    const leads = await api('/api/lead', leadListSchema, { query: { active: false } });
    // Best effort: a full disk only costs the offline copy.
    storePassiveLeads(db, userId, leads).catch(() => {});
    return leads;
  },
};

/**
 * One server list (active or passive): the stored copy at once, then fetched on open, when the
 * connection returns and whenever `version` changes (a change queued, or ops sent and removed), so
 * uploaded leads show the server's view. `version` is the outbox version the shown list was
 * requested under (CACHED for the stored copy: never fresh).
 */
function useServerLeads(userId: string | null, source: ServerListSource, version: string) {
  const [result, setResult] = useState<{ leads: Lead[]; version: string } | null>(null);
  const [failed, setFailed] = useState(false);
  const shown = useRef<Lead[] | null>(null);
  shown.current = result?.leads ?? null;
  useEffect(() => {
    if (!userId) return;
    let live = true;
    source
      .cached(userId)
      .then((leads) => live && leads && setResult((current) => current ?? { leads, version: CACHED }))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [userId, source]);
  useEffect(() => {
    if (!userId || version === LOADING) return;
    let live = true;
    const pull = () => {
      if (!navigator.onLine) return;
      source
        .fresh(userId, shown.current)
        .then((leads) => {
          if (!live) return;
          setResult({ leads, version });
          setFailed(false);
        })
        // Offline or a server error: keep showing what the device has.
        .catch(() => live && setFailed(true));
    };
    // Each scan and each upload changes the version: a burst fetches once, after it settles.
    const timer = setTimeout(pull, REFETCH_DELAY_MS);
    window.addEventListener('online', pull);
    return () => {
      live = false;
      clearTimeout(timer);
      window.removeEventListener('online', pull);
    };
  }, [userId, source, version]);
  return { result, failed };
}

/** The active list merged from the device and the server, and the passive ("Scanned you") list. */
export function useLeads(userId: string | null) {
  const rows = useLeadRows(userId);
  const ops = useLeadOps(userId);
  const version = ops === undefined ? LOADING : outboxVersion(ops);
  const active = useServerLeads(userId, ACTIVE, version);
  const passive = useServerLeads(userId, PASSIVE, '0');
  const items = useMemo(
    () =>
      mergeLeads(
        rows ?? NO_ROWS,
        leadSyncStates(ops ?? NO_ROWS),
        active.result && { leads: active.result.leads, fresh: active.result.version === version },
      ),
    [rows, ops, active.result, version],
  );
  return {
    items,
    loaded: rows !== undefined,
    serverFailed: active.failed,
    passive: passive.result?.leads ?? NO_ROWS,
    passiveLoaded: passive.result !== null,
  };
}
