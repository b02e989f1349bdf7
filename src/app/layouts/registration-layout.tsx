import { useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { APP_NAME } from '../../components/ui/brand.ts';
import { Countdown } from '../../components/ui/countdown.tsx';
import { FooterLinks } from '../../components/ui/footer-links.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { PartnerBanner } from '../../components/ui/partner-banner.tsx';
import { FreePassAvailability } from '../../features/registration/free-pass-availability.tsx';
import { FreePassOffer } from '../../features/registration/free-pass-offer.tsx';
import { registrationAtom } from '../../features/registration/registration-state.ts';
import { formatEventDates } from '../../i18n/format-event-dates.ts';
import { Text } from '../../i18n/text.tsx';
import { useLanguage, useT } from '../../i18n/use-t.ts';
import { configAtom } from '../../lib/config.ts';
import { hostCodeBlocked } from '../../shared/registration-rules.ts';
import { normalizePath } from '../guards.ts';
import { REGISTRATION_FOOTER_LINKS } from './nav-links.ts';
import './registration-layout.css';
import { LanguageSwitch } from '../../i18n/language-switch.tsx';

/** Only the pages after the landing show the steps: the landing's first load does without them. */
const RegistrationStepsList = lazy(() =>
  import('./registration-steps-list.tsx').then((m) => ({ default: m.RegistrationStepsList })),
);

/**
 * docs/behaviour.md §2 registration layout: a side panel with the event (name and dates from configuration);
 * on the landing the countdown and the free-pass availability, then (after the page on a phone,
 * under them from 992 px) the welcome and the free-pass offer; on the other pages the step list;
 * then the registration partner banner and the footer links.
 */
export function RegistrationLayout() {
  const t = useT('registration');
  const tCommon = useT('common');
  const language = useLanguage();
  const config = useAtomValue(configAtom);
  const registration = useAtomValue(registrationAtom);
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const landing = normalizePath(pathname) === '/registration';
  const eventName = config?.name ?? APP_NAME;

  // docs/behaviour.md §6: the moment a host code turns out not to be whitelisted (the Account step's check),
  // the flow goes back to /registration, whose loader drops the code and explains why.
  const blocked = hostCodeBlocked(registration);
  useEffect(() => {
    if (blocked) navigate(`/registration${search}`, { replace: true });
  }, [blocked, navigate, search]);

  return (
    <div className={landing ? 'registration-layout is-landing' : 'registration-layout'}>
      {/* A landmark, so the logo, the event and the steps are reachable by landmark like the rest (axe `region`). */}
      <aside className="registration-layout__panel" aria-label={t('panelLabel', { event: eventName })}>
        {/* The language choice beside the logo: on a phone it costs no line above the pass choice. */}
        <div className="registration-layout__top">
          <Link to="/registration" className="registration-layout__logo" aria-label={t('panelLabel', { event: APP_NAME })}>
            <Logo />
          </Link>
          <LanguageSwitch compact />
        </div>
        <div className="registration-layout__event">
          <p className="registration-layout__event-name">{eventName}</p>
          {config ? (
            <p className="registration-layout__event-dates">
              <time dateTime={config.startDate}>{formatEventDates(config.startDate, config.endDate, language)}</time>
              {config.venue ? ` · ${config.venue}` : ''}
            </p>
          ) : null}
        </div>
        {landing ? (
          <>
            {config ? <Countdown phases={config.countdownPhases} /> : null}
            <FreePassAvailability />
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
      {/* On a phone the welcome and the offer follow the pass choice, which then starts on the first
          screen; from 992 px they sit in the side column under the countdown and the availability. */}
      {landing ? (
        <aside className="registration-layout__promo" aria-labelledby="registration-welcome-title">
          <div className="registration-layout__welcome">
            <h2 id="registration-welcome-title" className="registration-layout__welcome-title">
              {t('welcomeTitle')}
            </h2>
            <p>{t('welcomeText', { event: eventName })}</p>
            <p className="registration-layout__sign-in">
              <Text ns="registration" k="alreadyRegistered" components={{ link: <Link to="/sign-in" /> }} />
            </p>
          </div>
          <FreePassOffer />
        </aside>
      ) : null}
      <footer className="registration-layout__footer">
        <PartnerBanner heading={t('registrationPartner')} />
        <FooterLinks links={REGISTRATION_FOOTER_LINKS} label={tCommon('legal')} />
      </footer>
    </div>
  );
}
