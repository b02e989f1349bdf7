import type { ReactNode } from 'react';

interface NoticeProps {
  tone: 'danger' | 'success' | 'warning' | 'info';
  children: ReactNode;
  /** 'alert' for results of the user's action (read out at once), 'status' for page-load notices. */
  role?: 'alert' | 'status';
}

/** A banner above or instead of a form (base.css .alert). */
export function Notice({ tone, children, role = tone === 'danger' ? 'alert' : 'status' }: NoticeProps) {
  return (
    <div className={tone === 'info' ? 'alert' : `alert alert-${tone}`} role={role}>
      {children}
    </div>
  );
}
