import type { ReactNode } from 'react';

interface SubmitButtonProps {
  /** While true the button is disabled, announced as busy and shows `busyLabel`. */
  busy: boolean;
  busyLabel: string;
  children: ReactNode;
  className?: string;
}

/** A form's submit button that cannot be pressed twice while its request runs. */
export function SubmitButton({ busy, busyLabel, children, className = 'btn btn-primary' }: SubmitButtonProps) {
  return (
    <button type="submit" className={className} disabled={busy} aria-busy={busy || undefined}>
      {busy ? busyLabel : children}
    </button>
  );
}
