import { Link, Outlet } from 'react-router-dom';
import { FooterLinks } from '../../components/ui/footer-links.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { REGISTRATION_FOOTER_LINKS } from './nav-links.ts';
import './default-layout.css';

/**
 * Sign-in and sign-up pages: the logo above a centred column; the pages bring their own card.
 * Part of the first chunk (cold /sign-in), so it stays tiny.
 */
export function DefaultLayout() {
  return (
    <div className="default-layout">
      <header className="default-layout__header">
        <Link to="/" className="default-layout__home">
          <Logo />
        </Link>
      </header>
      <main className="default-layout__main">
        <Outlet />
      </main>
      <footer className="default-layout__footer">
        <FooterLinks links={REGISTRATION_FOOTER_LINKS} label="Legal" />
      </footer>
    </div>
  );
}
