import { type ReactNode, Suspense, use } from 'react';
import { startI18n } from '../i18n/i18n.ts';
import { useNavigationId, useNavigationPending } from '../lib/navigation-state.ts';
import { AppLoading } from './app-loading.tsx';
import { RootErrorBoundary } from './errors/root-error-boundary.tsx';
import { useRouteFocus } from './route-focus.ts';
import { AppRoutes } from './router.tsx';
import { useScrollRestoration } from './scroll-restoration.ts';
import './root-layout.css';

/**
 * Above every route: scroll restoration, the page-load bar, focus on each new page's heading, the
 * error page for whatever a page or guard throws, and the loading screen until the first page is ready
 * (later navigations keep the previous page on screen instead).
 */
export function RootLayout() {
  const pending = useNavigationPending();
  const navigation = useNavigationId();
  useScrollRestoration(navigation);
  useRouteFocus();
  return (
    <>
      {pending ? <div className="nav-progress" aria-hidden="true" /> : null}
      <RootErrorBoundary navigation={navigation}>
        <Suspense fallback={<AppLoading />}>
          <LanguageReady>
            <AppRoutes />
          </LanguageReady>
        </Suspense>
      </RootErrorBoundary>
    </>
  );
}

/** The pages render once the active language's common messages are in (loaded alongside the first page's code). */
function LanguageReady({ children }: { children: ReactNode }) {
  use(startI18n());
  return children;
}
