import { Link } from 'react-router-dom';
import type { MessageKey } from '../../i18n/namespaces.ts';
import { useT } from '../../i18n/use-t.ts';
import './footer-links.css';

export interface FooterLink {
  to: string;
  /** Its label's key in the common catalogue. */
  label: MessageKey<'common'>;
}

/** A small row of secondary links (imprint, privacy policy...) with its own navigation landmark. */
export function FooterLinks({ links, label }: { links: readonly FooterLink[]; label: string }) {
  const t = useT('common');
  return (
    <nav className="footer-links" aria-label={label}>
      <ul className="footer-links__list">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="footer-links__link">
              {t(link.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
