import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import { z } from 'zod/mini';
import { api } from '../../lib/api.ts';
import { db } from '../../lib/db.ts';
import { type Lead, leadSchema } from '../../shared/contracts/leads.ts';
import { leadSyncStates, mergeLeads } from './leads.ts';

const NO_ROWS: never[] = [];
const leadListSchema = z.array(leadSchema);

/**
 * One server list (active or passive), fetched on open, when the connection returns and whenever
 * `outboxSize` changes (a scan queued, or ops sent and removed), so uploaded leads show the server's view.
 */
function useServerLeads(userId: string | null, active: boolean, outboxSize: number) {
  const [leads, setLeads] = useState<Lead[] | null>(null);
  const [failed, setFailed] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: outboxSize is the trigger to fetch again.
  useEffect(() => {
    if (!userId) return;
    let live = true;
    const pull = () => {
      if (!navigator.onLine) return;
      api('/api/lead', leadListSchema, { query: { active } })
        .then((result) => {
          if (!live) return;
          setLeads(result);
          setFailed(false);
        })
        // Offline or a server error: keep showing what the device has.
        .catch(() => live && setFailed(true));
    };
    pull();
    window.addEventListener('online', pull);
    return () => {
      live = false;
      window.removeEventListener('online', pull);
    };
  }, [userId, active, outboxSize]);
  return { leads, failed };
}

/** The active list merged from the device and the server, and the passive ("Scanned you") list. */
export function useLeads(userId: string | null) {
  const rows = useLiveQuery(() => (userId ? db.leads.where('userId').equals(userId).toArray() : NO_ROWS), [userId]);
  const ops = useLiveQuery(
    () => (userId ? db.outbox.where('[userId+kind]').equals([userId, 'lead']).toArray() : NO_ROWS),
    [userId],
  );
  const outboxSize = ops?.length ?? 0;
  const active = useServerLeads(userId, true, outboxSize);
  const passive = useServerLeads(userId, false, 0);
  const items = useMemo(
    () => mergeLeads(rows ?? NO_ROWS, leadSyncStates(ops ?? NO_ROWS), active.leads ?? NO_ROWS),
    [rows, ops, active.leads],
  );
  return {
    items,
    loaded: rows !== undefined,
    serverFailed: active.failed,
    passive: passive.leads ?? NO_ROWS,
    passiveLoaded: passive.leads !== null,
  };
}
