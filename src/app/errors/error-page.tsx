import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useT } from '../../i18n/use-t.ts';
import { isSignedInAtom } from '../../lib/session.ts';
import { MainChrome } from '../layouts/main-chrome.tsx';
import { errorStatus, errorText, showsMainChrome } from './error-status.ts';

/**
 * docs/behaviour.md §2/§8 error page: text by status, a link to / ('Back to the Dashboard' when signed in,
 * else 'Return to login'), and the tab bar and menu only for signed-in users with a 4xx.
 */
export function ErrorPage({ error }: { error: unknown }) {
  const signedIn = useAtomValue(isSignedInAtom);
  const status = errorStatus(error);
  const t = useT('common');
  const { title, message } = errorText(status);

  useEffect(() => {
    // Server-side and unexpected errors are worth a trace in the console; 4xx are expected.
    if (status >= 500) console.error(error);
  }, [error, status]);

  const content = (
    <div className="error-page__content">
      <p className="error-page__status">{t('errorStatus', { status })}</p>
      <PageHeader title={title} />
      <p className="error-page__message">{message}</p>
      <div className="error-page__actions">
        {/* A failed payment during registration: the way back is the checkout (a retry never charges twice). */}
        {status === 402 && location.pathname.startsWith('/registration/checkout') ? (
          <Link to="/registration/checkout" className="btn btn-primary">
            {t('backToCheckout')}
          </Link>
        ) : null}
        <Link to="/" className={status === 402 ? 'btn' : 'btn btn-primary'}>
          {signedIn ? t('backToDashboard') : t('returnToLogin')}
        </Link>
      </div>
    </div>
  );

  if (showsMainChrome(signedIn, status)) return <MainChrome>{content}</MainChrome>;
  return <main className="error-page">{content}</main>;
}
