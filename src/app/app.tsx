import { Provider } from 'jotai';
import { Toaster } from 'react-hot-toast';
import { RouterProvider } from 'react-router-dom';
import { store } from '../lib/store.ts';
import { TOAST_DURATION_MS } from '../shared/messages.ts';
import { router } from './router.tsx';
import { UpdatePrompt } from './update-prompt.tsx';

/** The app shell: the one Jotai store, the router, toasts (SPEC §8: top centre, 4 s), the update prompt. */
export function App() {
  return (
    <Provider store={store}>
      <RouterProvider router={router} />
      <Toaster position="top-center" toastOptions={{ duration: TOAST_DURATION_MS }} />
      <UpdatePrompt />
    </Provider>
  );
}
