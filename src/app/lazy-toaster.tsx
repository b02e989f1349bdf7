import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { TOAST_OPTIONS, toasterMountedAtom } from '../lib/toast.ts';

const Toaster = lazy(() =>
  import('react-hot-toast').then(({ Toaster }) => ({
    default: () => <Toaster position={TOAST_OPTIONS.position} toastOptions={{ duration: TOAST_OPTIONS.duration }} />,
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
