import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { TOAST_OPTIONS, toastAnnouncementAtom, toasterMountedAtom } from '../lib/toast.ts';

const Toaster = lazy(() =>
  import('react-hot-toast').then(({ Toaster }) => ({
    default: () => (
      <Toaster
        position={TOAST_OPTIONS.position}
        toastOptions={{ duration: TOAST_OPTIONS.duration, ariaProps: TOAST_OPTIONS.ariaProps }}
      />
    ),
  })),
);

/** Mounts react-hot-toast's <Toaster> once the first toast is requested (see src/lib/toast.ts). */
export function LazyToaster() {
  const mounted = useAtomValue(toasterMountedAtom);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

/**
 * The toasts' words for screen readers, in live regions present from the start: errors assertive,
 * confirmations polite. The key re-creates the text node, so the same message twice is read twice.
 */
export function ToastAnnouncer() {
  const announcement = useAtomValue(toastAnnouncementAtom);
  const text = (kind: 'error' | 'success') =>
    announcement?.kind === kind ? <span key={announcement.at}>{announcement.message}</span> : null;
  return (
    <>
      <div className="visually-hidden" role="alert" aria-live="assertive" aria-atomic="true">
        {text('error')}
      </div>
      <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {text('success')}
      </div>
    </>
  );
}
