import { useAtom, useAtomValue } from 'jotai';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Icon } from '../../components/ui/icon.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { PartnerBanner } from '../../components/ui/partner-banner.tsx';
import { SlideInMenu } from '../../components/ui/slide-in-menu.tsx';
import { TabBar } from '../../components/ui/tab-bar.tsx';
import { useT } from '../../i18n/use-t.ts';
import { isLeadScannerAtom } from '../../lib/session.ts';
import { menuOpenAtom } from '../../lib/ui.ts';
import { MAIN_MENU_TITLE_ID, MainMenu } from './main-menu.tsx';
import { mainTabs } from './nav-links.ts';
import './main-chrome.css';

const MENU_ID = 'main-menu';

/** Loaded beside the page (it brings the device database and the sync engine, and starts it). */
const OfflineIndicator = lazy(() =>
  import('../../components/ui/offline-indicator.tsx').then((m) => ({ default: m.OfflineIndicator })),
);

/**
 * The signed-in frame (docs/behaviour.md §2): tab bar, page content, partner banner and the slide-in menu.
 * Used by the main layout and by the error page for signed-in 4xx errors.
 */
export function MainChrome({ children }: { children: ReactNode }) {
  const [menuOpen, setMenuOpen] = useAtom(menuOpenAtom);
  const isLeadScanner = useAtomValue(isLeadScannerAtom);
  const location = useLocation();
  const t = useT('common');

  // docs/behaviour.md §2: the menu closes on route change; the key also changes for a link to the same page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: location.key is the trigger.
  useEffect(() => {
    setMenuOpen(false);
  }, [location.key, setMenuOpen]);

  const menuButton = (
    <button
      type="button"
      className="tab-bar__button"
      aria-haspopup="dialog"
      aria-expanded={menuOpen}
      aria-controls={MENU_ID}
      onClick={() => setMenuOpen(true)}
    >
      <Icon name="menu" />
      <span className="tab-bar__label">{t('menu')}</span>
    </button>
  );

  return (
    <div className="main-shell">
      <a className="skip-link" href="#main-content">
        {t('skipToContent')}
      </a>
      <TabBar
        items={mainTabs(isLeadScanner)}
        start={
          <Link to="/">
            <Logo />
          </Link>
        }
        end={menuButton}
      />
      <Suspense fallback={null}>
        <OfflineIndicator />
      </Suspense>
      <main id="main-content" className="main-shell__content" tabIndex={-1}>
        {children}
      </main>
      <div className="main-shell__partners">
        <PartnerBanner />
      </div>
      <SlideInMenu id={MENU_ID} open={menuOpen} onClose={() => setMenuOpen(false)} labelledBy={MAIN_MENU_TITLE_ID}>
        <MainMenu onClose={() => setMenuOpen(false)} />
      </SlideInMenu>
    </div>
  );
}
