import { Component, type ErrorInfo, type ReactNode } from 'react';
import { translate } from '../../i18n/i18n.ts';

interface State {
  failed: boolean;
}

/**
 * docs/behaviour.md §8: if the error page itself fails, say so and offer the way home. A plain <a> (not
 * <Link>): the router may be what broke.
 */
export class ErrorPageBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('The error page failed', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="error-page error-page--bare">
        <h1 className="error-page__title">{translate('common', 'errorPageFailed')}</h1>
        <a className="btn btn-primary" href="/">
          {translate('common', 'home')}
        </a>
      </main>
    );
  }
}
