import { atom } from 'jotai';
import { type ReactNode, startTransition, useLayoutEffect, useState, useTransition } from 'react';
import { UNSAFE_createBrowserHistory as createBrowserHistory, Router } from 'react-router-dom';
import { NavigationIdContext, PendingContext } from '../lib/navigation-state.ts';
import { store } from '../lib/store.ts';
import { saveScrollPosition } from './scroll-restoration.ts';

/**
 * The app's router: React Router's declarative <Router> over the browser history, each location
 * change rendered in a transition. Route guards and lazy pages suspend (src/app/route-loads.tsx), so
 * while they load the previous page stays on screen and `useNavigationPending()` (src/lib/navigation-state.ts) is true, as with
 * the data router, whose engine this saves from every first load (16 KB gzip).
 */
let browserHistory: ReturnType<typeof createBrowserHistory> | undefined;

/** The one browser history (made on first use, so modules importing this one load without a window). */
export function appHistory() {
  browserHistory ??= createBrowserHistory({ v5Compat: true });
  return browserHistory;
}

/** Counts the app's navigations, each history change one (a location key alone repeats: `default`). */
let navigations = 0;

/** The navigation on screen or on its way: guards run once per navigation (route-loads.tsx). */
export const latestNavigation = () => navigations;

/** Bumped to run every guard of the current page again (a 401 signed the user out). */
export const guardVersionAtom = atom(0);

/** Runs the current page's guards again, keeping the page on screen while they decide. */
export function revalidateRoutes(): void {
  startTransition(() => store.set(guardVersionAtom, (version) => version + 1));
}

export function AppRouter({ children }: { children: ReactNode }) {
  const history = appHistory();
  const [state, setState] = useState({ action: history.action, location: history.location, id: navigations });
  const [pending, startNavigation] = useTransition();
  useLayoutEffect(
    () =>
      history.listen(({ action, location }) => {
        // The page being left is still on screen: remember its scroll position for "back".
        saveScrollPosition();
        navigations += 1;
        const id = navigations;
        startNavigation(() => setState({ action, location, id }));
      }),
    [history],
  );
  return (
    <PendingContext.Provider value={pending}>
      <NavigationIdContext.Provider value={state.id}>
        <Router location={state.location} navigationType={state.action} navigator={history}>
          {children}
        </Router>
      </NavigationIdContext.Provider>
    </PendingContext.Provider>
  );
}
