import { useAtomValue } from 'jotai';
import { Link, Outlet } from 'react-router-dom';
import { APP_NAME } from '../../components/ui/brand.ts';
import { Logo } from '../../components/ui/logo.tsx';
import { useT } from '../../i18n/use-t.ts';
import { isSignedInAtom } from '../../lib/session.ts';
import { MainChrome } from './main-chrome.tsx';
import './information-layout.css';

/** The visitors' header: home to the registration, and sign in. */
function PublicHeader() {
  const t = useT('information');
  return (
    <header className="public-layout__header">
      <Link to="/registration" aria-label={t('layoutHomeLabel', { appName: APP_NAME })} className="public-layout__home">
        <Logo />
      </Link>
      <Link to="/sign-in" className="btn btn-secondary btn-sm">
        {t('layoutSignIn')}
      </Link>
    </header>
  );
}

/**
 * /information holds the imprint, privacy policy and terms, which must be reachable without an
 * account (the registration and sign-in footers link there). Signed-in users see it in the main
 * frame; visitors in a plain one.
 */
export function InformationLayout() {
  const signedIn = useAtomValue(isSignedInAtom);
  if (signedIn) {
    return (
      <MainChrome>
        <Outlet />
      </MainChrome>
    );
  }
  return (
    <div className="public-layout">
      <PublicHeader />
      <main className="public-layout__main">
        <Outlet />
      </main>
    </div>
  );
}
