import { useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { APP_NAME } from '../../components/ui/brand.ts';
import { FooterLinks } from '../../components/ui/footer-links.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { PartnerBanner } from '../../components/ui/partner-banner.tsx';
import { Countdown } from '../../components/ui/countdown.tsx';
import { FreePassAvailability } from '../../features/registration/free-pass-availability.tsx';
import { FreePassOffer } from '../../features/registration/free-pass-offer.tsx';
import { registrationAtom } from '../../features/registration/registration-state.ts';
import { configAtom } from '../../lib/config.ts';
import { hostCodeBlocked } from '../../shared/registration-rules.ts';
import { normalizePath } from '../guards.ts';
import { formatEventDates } from './format-event-dates.ts';
import { REGISTRATION_FOOTER_LINKS } from './nav-links.ts';
import './registration-layout.css';

/** Only the pages after the landing show the steps: the landing's first load does without them. */
const RegistrationStepsList = lazy(() =>
  import('./registration-steps-list.tsx').then((m) => ({ default: m.RegistrationStepsList })),
);

/**
 * SPEC §2 registration layout: a side panel with the event (name and dates from configuration);
 * on the landing the countdown, the free-pass availability, the welcome and the free-pass offer,
 * on the other pages the step list; then the registration partner banner and the footer links.
 */
export function RegistrationLayout() {
  const config = useAtomValue(configAtom);
  const registration = useAtomValue(registrationAtom);
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const landing = normalizePath(pathname) === '/registration';
  const eventName = config?.name ?? APP_NAME;

  // SPEC §6: the moment a host code turns out not to be whitelisted (the Account step's check),
  // the flow goes back to /registration, whose loader drops the code and explains why.
  const blocked = hostCodeBlocked(registration);
  useEffect(() => {
    if (blocked) navigate(`/registration${search}`, { replace: true });
  }, [blocked, navigate, search]);

  return (
    <div className="registration-layout">
      {/* A landmark, so the logo, the event and the steps are reachable by landmark like the rest (axe `region`). */}
      <aside className="registration-layout__panel" aria-label={`${eventName} registration`}>
        <Link to="/registration" className="registration-layout__logo" aria-label={`${APP_NAME} registration`}>
          <Logo />
        </Link>
        <div className="registration-layout__event">
          <p className="registration-layout__event-name">{eventName}</p>
          {config ? (
            <p className="registration-layout__event-dates">
              <time dateTime={config.startDate}>{formatEventDates(config.startDate, config.endDate)}</time>
              {config.venue ? ` · ${config.venue}` : ''}
            </p>
          ) : null}
        </div>
        {landing ? (
          <>
            {config ? <Countdown phases={config.countdownPhases} /> : null}
            <div className="registration-layout__welcome">
              <h2 className="registration-layout__welcome-title">Registration is open!</h2>
              <p>
                Join the cloud industry at {eventName}. To take part you need an account: choose your pass, add a hotel if you
                like, and create your account in a few minutes.
              </p>
              <p className="registration-layout__sign-in">
                Already registered? <Link to="/sign-in">Sign in</Link>
              </p>
            </div>
            <FreePassAvailability />
            <FreePassOffer />
          </>
        ) : (
          <Suspense fallback={<div className="registration-steps-placeholder" />}>
            <RegistrationStepsList pathname={pathname} state={registration} />
          </Suspense>
        )}
      </aside>
      <main className="registration-layout__main">
        <div className="registration-layout__content">
          <Outlet />
        </div>
      </main>
      <footer className="registration-layout__footer">
        <PartnerBanner heading="Registration partner" />
        <FooterLinks links={REGISTRATION_FOOTER_LINKS} label="Legal" />
      </footer>
    </div>
  );
}
