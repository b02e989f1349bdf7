import { Provider, useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { startLogoutRetries } from '../lib/pending-logout.ts';
import { store } from '../lib/store.ts';
import { LazyToaster, ToastAnnouncer } from './lazy-toaster.tsx';
import { AppRouter } from './navigation.tsx';
import { RootLayout } from './root-layout.tsx';
import { updatesWatchedAtom } from './service-worker.ts';

// Whatever page the app opens on (sign-in, registration, public pages too), a logout queued offline
// goes out first, and again on each online moment until the server has answered it.
startLogoutRetries();

const UpdatePrompt = lazy(() => import('./update-prompt.tsx').then((m) => ({ default: m.UpdatePrompt })));

/** The "new version" banner, once a controlling worker is watched for updates (never on a first visit). */
function UpdatePromptSlot() {
  if (!useAtomValue(updatesWatchedAtom)) return null;
  return (
    <Suspense fallback={null}>
      <UpdatePrompt />
    </Suspense>
  );
}

/** The app shell: the one Jotai store, the router, toasts (docs/behaviour.md §8: top centre, 4 s; loaded on first use), the update prompt. */
export function App() {
  return (
    <Provider store={store}>
      <AppRouter>
        <RootLayout />
      </AppRouter>
      <LazyToaster />
      <ToastAnnouncer />
      <UpdatePromptSlot />
    </Provider>
  );
}
