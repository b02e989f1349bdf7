import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useRouteError } from 'react-router-dom';
import { ErrorPageBoundary } from './error-page-boundary.tsx';
import { isChunkLoadError, mayReloadForChunk } from './error-status.ts';
import './error-page.css';

// The page itself (with the signed-in frame) loads only when an error happens.
const ErrorPage = lazy(() => import('./error-page.tsx').then((m) => ({ default: m.ErrorPage })));

const RELOAD_KEY = 'chunk-reload-at';

function lastReloadAt(): number | null {
  try {
    const value = sessionStorage.getItem(RELOAD_KEY);
    return value === null ? null : Number(value);
  } catch {
    return null;
  }
}

/**
 * The root route's errorElement. A page chunk that failed to load (usually: a deploy replaced it)
 * reloads the page, at most once per minute (SPEC §8); everything else shows the error page.
 */
export function RootErrorBoundary() {
  const error = useRouteError();
  const reload = useMemo(() => isChunkLoadError(error) && mayReloadForChunk(Date.now(), lastReloadAt()), [error]);

  useEffect(() => {
    if (!reload) return;
    try {
      sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
    } catch {
      // without sessionStorage we cannot limit reloads: show the error page instead
      return;
    }
    location.reload();
  }, [reload]);

  if (reload) {
    return (
      <main className="error-page error-page--bare" aria-busy="true">
        <p>Loading the latest version…</p>
      </main>
    );
  }
  return (
    <ErrorPageBoundary>
      <Suspense fallback={null}>
        <ErrorPage error={error} />
      </Suspense>
    </ErrorPageBoundary>
  );
}
