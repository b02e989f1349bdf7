import { Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { AppLoading } from './app-loading.tsx';
import { RootErrorBoundary } from './errors/root-error-boundary.tsx';
import { useNavigationPending } from './navigation.tsx';
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
  const { key } = useLocation();
  useScrollRestoration();
  useRouteFocus();
  return (
    <>
      {pending ? <div className="nav-progress" aria-hidden="true" /> : null}
      <RootErrorBoundary locationKey={key}>
        <Suspense fallback={<AppLoading />}>
          <AppRoutes />
        </Suspense>
      </RootErrorBoundary>
    </>
  );
}
