import { Provider } from 'jotai';
import { RouterProvider } from 'react-router-dom';
import { store } from '../lib/store.ts';
import { LazyToaster, ToastAnnouncer } from './lazy-toaster.tsx';
import { router } from './router.tsx';
import { UpdatePrompt } from './update-prompt.tsx';

/** The app shell: the one Jotai store, the router, toasts (SPEC §8: top centre, 4 s; loaded on first use), the update prompt. */
export function App() {
  return (
    <Provider store={store}>
      <RouterProvider router={router} />
      <LazyToaster />
      <ToastAnnouncer />
      <UpdatePrompt />
    </Provider>
  );
}
