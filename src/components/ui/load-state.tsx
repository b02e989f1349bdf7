import type { ReactNode } from 'react';
import { errorMessage } from '../../lib/form-errors.ts';
import type { RequestState } from '../../lib/use-request.ts';
import { Notice } from './notice.tsx';

interface LoadStateProps<T> {
  /** A load's outcome (`useRequest`); its `retry` runs it again. */
  state: RequestState<T> & { retry?: () => void };
  /** The sentence shown while it loads. */
  loading: string;
  /** The sentence for a failed load; `errorMessage` unless given. */
  error?: (error: unknown) => ReactNode;
  /** The label of the button that tries again; no button without it. */
  retryLabel?: string;
  /**
   * 'card' (attendee pages): a card with role="status" while loading, a danger notice and a button
   * below it on failure. 'inline' (console): a polite line while loading, an alert with the button
   * inside it on failure.
   */
  look?: 'card' | 'inline';
  /** What stands once loaded. */
  children: (data: T) => ReactNode;
}

/** Draws a load's three states: the loading line, the failure with a retry, or the data. */
export function LoadState<T>({ state, loading, error = errorMessage, retryLabel, look = 'card', children }: LoadStateProps<T>) {
  if (state.status === 'ready') return children(state.data);
  const retry =
    retryLabel && state.retry ? (
      <button type="button" className={look === 'card' ? 'btn btn-secondary' : 'btn btn-ghost btn-sm'} onClick={state.retry}>
        {retryLabel}
      </button>
    ) : null;
  if (look === 'inline') {
    if (state.status === 'loading') return <p aria-live="polite">{loading}</p>;
    return (
      <p className="alert alert-danger" role="alert">
        {error(state.error)}
        {retry ? <> {retry}</> : null}
      </p>
    );
  }
  if (state.status === 'loading') {
    return (
      <p className="card" role="status" aria-busy="true">
        {loading}
      </p>
    );
  }
  return (
    <div className="stack">
      <Notice tone="danger">{error(state.error)}</Notice>
      {retry ? <div>{retry}</div> : null}
    </div>
  );
}
