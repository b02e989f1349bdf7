import { type ReactNode, useId } from 'react';
import { Icon, type IconName } from './icon.tsx';
import './empty-state.css';

export interface EmptyStateProps {
  title: string;
  /** One or two helpful sentences: what will appear here, or what to do next. */
  children?: ReactNode;
  /** A link or button that leads on. */
  action?: ReactNode;
  icon?: IconName;
}

/** The block a page shows while it has nothing to list (docs/behaviour.md §2 main layout: empty-state block). */
export function EmptyState({ title, children, action, icon = 'inbox' }: EmptyStateProps) {
  const titleId = useId();
  return (
    <section className="empty-state" aria-labelledby={titleId}>
      <Icon name={icon} className="empty-state__icon" />
      <h2 id={titleId} className="empty-state__title">
        {title}
      </h2>
      {children ? <p className="empty-state__text">{children}</p> : null}
      {action ? <div className="empty-state__action">{action}</div> : null}
    </section>
  );
}
