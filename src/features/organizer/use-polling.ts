import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../lib/form-errors.ts';

export interface PollingState<T> {
  data: T | null;
  /** Why the last load failed (the last data, if any, stays). */
  error: string | null;
  loading: boolean;
  reload: () => Promise<void>;
}

/**
 * Loads at once and again every `intervalMs` while the page is visible (and at once when it becomes
 * visible again). The last answer stays on screen while a reload runs or fails, so live figures
 * never flicker back to a spinner; an answer that a newer load overtook is dropped.
 */
export function usePolling<T>(load: (signal: AbortSignal) => Promise<T>, intervalMs: number): PollingState<T> {
  const [state, setState] = useState<Omit<PollingState<T>, 'reload'>>({ data: null, error: null, loading: true });
  const controller = useRef<AbortController | null>(null);
  const loader = useRef(load);
  loader.current = load;

  const reload = useCallback(async () => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState((previous) => ({ ...previous, loading: true }));
    try {
      const data = await loader.current(current.signal);
      if (!current.signal.aborted) setState({ data, error: null, loading: false });
    } catch (error) {
      if (!current.signal.aborted) setState((previous) => ({ ...previous, error: errorMessage(error), loading: false }));
    }
  }, []);

  useEffect(() => {
    void reload();
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void reload();
    }, intervalMs);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void reload();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      controller.current?.abort();
    };
  }, [reload, intervalMs]);

  return { ...state, reload };
}
