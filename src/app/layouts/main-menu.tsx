import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { Avatar } from '../../components/ui/avatar.tsx';
import { FooterLinks } from '../../components/ui/footer-links.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { LanguageSwitch } from '../../i18n/language-switch.tsx';
import { useT } from '../../i18n/use-t.ts';
import { fullNameAtom, isLeadScannerAtom, isOrganizerAtom, isStaffAtom, passAtom, signOut, userAtom } from '../../lib/session.ts';
import { LEAD_SCANNER_LINK, MENU_FOOTER_LINKS, ORGANIZER_LINK, PASS_CHECK_LINK } from './nav-links.ts';
import './main-menu.css';

export const MAIN_MENU_TITLE_ID = 'main-menu-title';

/** The outbox (and Dexie with it) loads only when someone logs out. */
function unsyncedChanges(userId: string): Promise<number> {
  return import('../../sync/outbox.ts').then((outbox) => outbox.pendingChangesCount(userId)).catch(() => 0);
}

/** Content of the slide-in menu (docs/behaviour.md §2): who is signed in, their pass, links and logout. */
export function MainMenu({ onClose }: { onClose: () => void }) {
  const user = useAtomValue(userAtom);
  const name = useAtomValue(fullNameAtom);
  const pass = useAtomValue(passAtom);
  const leadScanner = useAtomValue(isLeadScannerAtom);
  const staff = useAtomValue(isStaffAtom);
  const organizer = useAtomValue(isOrganizerAtom);
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const t = useT('common');

  const logout = async () => {
    // Logout deletes this device's copy of the user's data: ask first while changes are unsynced.
    const unsynced = user ? await unsyncedChanges(user.uuid) : 0;
    if (unsynced > 0 && !window.confirm(t('unsyncedLogout', { count: unsynced }))) return;
    setSigningOut(true);
    // signOut clears the local session before it returns; the server call may finish later.
    void signOut();
    navigate('/sign-in', { replace: true });
  };

  const links = [
    { to: '/accommodation', label: t('menuAccommodation') },
    { to: '/invoices', label: t('menuInvoices') },
    { to: '/visa-invitation-letter', label: t('menuVisaLetter') },
    ...(leadScanner ? [{ to: LEAD_SCANNER_LINK, label: t('menuLeadScanner') }] : []),
    ...(staff ? [{ to: PASS_CHECK_LINK, label: t('menuPassCheck') }] : []),
    ...(organizer ? [{ to: ORGANIZER_LINK, label: t('menuOrganizer') }] : []),
  ];

  return (
    <div className="main-menu">
      <div className="main-menu__top">
        <h2 id={MAIN_MENU_TITLE_ID} className="main-menu__title">
          {t('menu')}
        </h2>
        <button type="button" className="btn btn-ghost btn-icon" onClick={onClose} aria-label={t('closeMenu')}>
          <Icon name="close" />
        </button>
      </div>

      <section className="main-menu__profile" aria-label={t('yourAccount')}>
        <Avatar name={name} image={user?.image ?? null} />
        <div className="main-menu__who">
          <p className="main-menu__name">{name}</p>
          <Link to="/pass" className={pass ? 'badge main-menu__pass' : 'badge main-menu__pass main-menu__pass--none'}>
            {pass ? pass.passType.name : t('noPass')}
          </Link>
        </div>
      </section>
      {/* docs/behaviour.md §2 calls it a button; it leads to the profile page. */}
      <button type="button" className="btn btn-secondary btn-block" onClick={() => navigate('/profile')}>
        {t('editProfile')}
      </button>

      <nav className="main-menu__nav" aria-label={t('menu')}>
        <ul className="main-menu__list">
          {links.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} className="main-menu__link">
                {link.label}
                <Icon name="chevron" />
              </NavLink>
            </li>
          ))}
          <li>
            <button type="button" className="main-menu__link" onClick={() => void logout()} disabled={signingOut}>
              {signingOut ? t('loggingOut') : t('logout')}
            </button>
          </li>
        </ul>
      </nav>

      <footer className="main-menu__footer">
        <LanguageSwitch />
        <FooterLinks links={MENU_FOOTER_LINKS} label={t('legal')} />
      </footer>
    </div>
  );
}
