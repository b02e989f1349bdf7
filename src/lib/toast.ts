import { atom } from 'jotai';
import { translate } from '../i18n/i18n.ts';
import { TOAST_DURATION_MS } from '../shared/messages.ts';
import { store } from './store.ts';

/**
 * Set on the first toast: only then does the app mount the (lazily loaded) <Toaster>. Toasts come
 * after a user action, so react-hot-toast stays out of the cold start of every page.
 */
export const toasterMountedAtom = atom(false);

/*
 * What screen readers hear of the toasts: live regions that exist from the first render (a region
 * created together with its text, as a lazily mounted toast is, is often not read at all). The
 * toasts themselves stay silent (TOAST_OPTIONS.ariaProps) so nothing is read twice.
 */
export const toastAnnouncementAtom = atom<{ kind: 'error' | 'success'; message: string; at: number } | null>(null);

export const TOAST_OPTIONS = {
  position: 'top-center',
  duration: TOAST_DURATION_MS,
  ariaProps: { role: 'status', 'aria-live': 'off' },
} as const;

async function show(kind: 'error' | 'success', message: string) {
  store.set(toasterMountedAtom, true);
  store.set(toastAnnouncementAtom, { kind, message, at: Date.now() });
  // One module instance holds the queue, so a toast created before <Toaster> mounts still shows.
  const { toast } = await import('react-hot-toast');
  return toast[kind](message, TOAST_OPTIONS);
}

/** docs/behaviour.md §8 default texts, shown top centre for 4 s. */
export function toastError(message: string = translate('common', 'toastError')): Promise<string> {
  return show('error', message);
}

export function toastSuccess(message: string = translate('common', 'toastSuccess')): Promise<string> {
  return show('success', message);
}
