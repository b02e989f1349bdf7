import { Link, Outlet } from 'react-router-dom';
import { FooterLinks } from '../../components/ui/footer-links.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { LanguageSwitch } from '../../i18n/language-switch.tsx';
import { useT } from '../../i18n/use-t.ts';
import { REGISTRATION_FOOTER_LINKS } from './nav-links.ts';
import './default-layout.css';

/**
 * Sign-in and sign-up pages: the logo above a centred column; the pages bring their own card.
 * Part of the first chunk (cold /sign-in), so it stays tiny.
 */
export function DefaultLayout() {
  const t = useT('common');
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
        <LanguageSwitch className="default-layout__language" />
        <FooterLinks links={REGISTRATION_FOOTER_LINKS} label={t('legal')} />
      </footer>
    </div>
  );
}
