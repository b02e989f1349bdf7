import { useEffect, useState } from 'react';
import { z } from 'zod/mini';
import { api } from '../../lib/api.ts';
import { usePublicDataRefresh } from '../../lib/public-data-updates.ts';
import { agendaSessionSchema } from '../../shared/contracts/agenda.ts';
import { type PreparedAgenda, prepareAgenda } from './agenda-model.ts';

const agendaSchema = z.array(agendaSessionSchema);

export type AgendaData =
  | { status: 'loading' }
  | { status: 'ready'; agenda: PreparedAgenda }
  | { status: 'error'; error: unknown };

/**
 * The last agenda this page loaded, kept for the life of the page: coming back to /agenda (from a
 * room on the floor plan, say) shows it at once, so the scroll position can be restored, while a
 * fresh copy is fetched behind it. The agenda is public, so nothing personal is kept here.
 */
let lastLoaded: { text: string; agenda: PreparedAgenda } | null = null;

/**
 * GET /api/agenda through the API client (the service worker answers from its cache offline).
 * A refetch that returns the same programme keeps the prepared agenda, so nothing re-renders.
 */
export function useAgendaData(): AgendaData & { retry: () => void } {
  const [data, setData] = useState<AgendaData>(() =>
    lastLoaded ? { status: 'ready', agenda: lastLoaded.agenda } : { status: 'loading' },
  );
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger
  useEffect(() => {
    const controller = new AbortController();
    if (!lastLoaded) setData({ status: 'loading' });
    api('/api/agenda', agendaSchema, { signal: controller.signal }).then(
      (sessions) => {
        if (controller.signal.aborted) return;
        const text = JSON.stringify(sessions);
        if (lastLoaded?.text === text) return;
        lastLoaded = { text, agenda: prepareAgenda(sessions) };
        setData({ status: 'ready', agenda: lastLoaded.agenda });
      },
      (error: unknown) => {
        // With a programme on screen, a failed refresh is not worth an error: keep showing it.
        if (!controller.signal.aborted && !lastLoaded) setData({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  // An organizer's import reaches an open agenda at the next online moment (the shown copy stays until then).
  usePublicDataRefresh('/api/agenda', () => setAttempt((n) => n + 1));

  return { ...data, retry: () => setAttempt((n) => n + 1) };
}
