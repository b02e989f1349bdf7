import { Link } from 'react-router-dom';
import './footer-links.css';

export interface FooterLink {
  to: string;
  label: string;
}

/** A small row of secondary links (imprint, privacy policy...) with its own navigation landmark. */
export function FooterLinks({ links, label }: { links: readonly FooterLink[]; label: string }) {
  return (
    <nav className="footer-links" aria-label={label}>
      <ul className="footer-links__list">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="footer-links__link">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
