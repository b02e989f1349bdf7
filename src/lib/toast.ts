import { atom } from 'jotai';
import { MESSAGES, TOAST_DURATION_MS } from '../shared/messages.ts';
import { store } from './store.ts';

/**
 * Set on the first toast: only then does the app mount the (lazily loaded) <Toaster>. Toasts come
 * after a user action, so react-hot-toast stays out of the cold start of every page.
 */
export const toasterMountedAtom = atom(false);

export const TOAST_OPTIONS = { position: 'top-center', duration: TOAST_DURATION_MS } as const;

async function show(kind: 'error' | 'success', message: string) {
  store.set(toasterMountedAtom, true);
  // One module instance holds the queue, so a toast created before <Toaster> mounts still shows.
  const { toast } = await import('react-hot-toast');
  return toast[kind](message, TOAST_OPTIONS);
}

/** SPEC §8 default texts, shown top centre for 4 s. */
export function toastError(message: string = MESSAGES.toastError): Promise<string> {
  return show('error', message);
}

export function toastSuccess(message: string = MESSAGES.toastSuccess): Promise<string> {
  return show('success', message);
}
