import { Component, lazy, type ReactNode, Suspense, useEffect, useMemo } from 'react';
import { translate } from '../../i18n/i18n.ts';
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
 * What a failed page shows. A page chunk that failed to load (usually: a deploy replaced it)
 * reloads the page, at most once per minute (docs/behaviour.md §8); everything else shows the error page.
 */
function RouteErrorView({ error }: { error: unknown }) {
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
        <p>{translate('common', 'loadingLatest')}</p>
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

interface BoundaryProps {
  /** The navigation the error belongs to: the next one clears it. */
  navigation: number;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  failed: boolean;
}

/** Catches what a page, a layout or a guard throws (a 404, an API error, a missing chunk) and shows it. */
export class RootErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error, failed: true };
  }

  override componentDidUpdate(previous: BoundaryProps): void {
    // A navigation away from the failed page renders the new page.
    if (this.state.failed && previous.navigation !== this.props.navigation) this.setState({ error: null, failed: false });
  }

  override render(): ReactNode {
    return this.state.failed ? <RouteErrorView error={this.state.error} /> : this.props.children;
  }
}
