import { useAtomValue } from 'jotai';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { APP_NAME } from '../../components/ui/brand.ts';
import { FooterLinks } from '../../components/ui/footer-links.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { PartnerBanner } from '../../components/ui/partner-banner.tsx';
import { configAtom } from '../../lib/session.ts';
import { normalizePath } from '../guards.ts';
import { formatEventDates } from './format-event-dates.ts';
import { REGISTRATION_FOOTER_LINKS } from './nav-links.ts';
import { RegistrationStepsList } from './registration-steps-list.tsx';
import './registration-layout.css';

/**
 * SPEC §2 registration layout: a side panel with the event (name and dates from configuration),
 * a welcome on the landing page or the step list on the others, the registration partner banner
 * and the footer links. Countdown and free-pass availability arrive with the registration issue.
 */
export function RegistrationLayout() {
  const config = useAtomValue(configAtom);
  const { pathname } = useLocation();
  const landing = normalizePath(pathname) === '/registration';

  return (
    <div className="registration-layout">
      <div className="registration-layout__panel">
        <Link to="/registration" className="registration-layout__logo" aria-label={`${APP_NAME} registration`}>
          <Logo />
        </Link>
        <div className="registration-layout__event">
          <p className="registration-layout__event-name">{config?.name ?? APP_NAME}</p>
          {config ? (
            <p className="registration-layout__event-dates">
              <time dateTime={config.startDate}>{formatEventDates(config.startDate, config.endDate)}</time>
              {config.venue ? `, ${config.venue}` : ''}
            </p>
          ) : null}
        </div>
        {landing ? (
          <p className="registration-layout__welcome">
            Registration is open. Choose your pass and create an account to take part in {config?.name ?? APP_NAME}.
          </p>
        ) : (
          <RegistrationStepsList pathname={pathname} />
        )}
      </div>
      <main className="registration-layout__main">
        <Outlet />
      </main>
      <footer className="registration-layout__footer">
        <PartnerBanner heading="Registration partner" />
        <FooterLinks links={REGISTRATION_FOOTER_LINKS} label="Legal" />
      </footer>
    </div>
  );
}
