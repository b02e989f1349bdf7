import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import type { MessageKey } from '../../i18n/namespaces.ts';
import { useT } from '../../i18n/use-t.ts';
import { Icon, type IconName } from './icon.tsx';
import './tab-bar.css';

export interface TabItem {
  to: string;
  /** Its label's key in the common catalogue. */
  label: MessageKey<'common'>;
  icon: IconName;
  /** Active only on exactly this path (the Home tab). */
  end?: boolean;
}

export interface TabBarProps {
  items: readonly TabItem[];
  /** Shown before the tabs on large screens (the logo). */
  start?: ReactNode;
  /** The last item, e.g. the menu button. */
  end?: ReactNode;
}

/**
 * docs/behaviour.md §2: bottom tab bar on small screens (70 px), top bar from 992 px. NavLink marks the
 * current tab with aria-current="page".
 */
export function TabBar({ items, start, end }: TabBarProps) {
  const t = useT('common');
  return (
    <nav className="tab-bar" aria-label={t('mainTabs')}>
      <div className="tab-bar__inner">
        {start ? <div className="tab-bar__start">{start}</div> : null}
        <ul className="tab-bar__list">
          {items.map((item) => (
            <li key={item.to} className="tab-bar__item">
              <NavLink to={item.to} end={item.end} className="tab-bar__link">
                <Icon name={item.icon} />
                <span className="tab-bar__label">{t(item.label)}</span>
              </NavLink>
            </li>
          ))}
          {end ? <li className="tab-bar__item tab-bar__item--end">{end}</li> : null}
        </ul>
      </div>
    </nav>
  );
}
