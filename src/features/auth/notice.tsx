import type { ReactNode } from 'react';

interface NoticeProps {
  tone: 'danger' | 'success' | 'info';
  children: ReactNode;
  /** 'alert' for results of the user's action (read out at once), 'status' for page-load notices. */
  role?: 'alert' | 'status';
}

/** A banner above or instead of a form. */
export function Notice({ tone, children, role = tone === 'danger' ? 'alert' : 'status' }: NoticeProps) {
  return (
    <div className={`auth-notice auth-notice--${tone}`} role={role}>
      {children}
    </div>
  );
}
