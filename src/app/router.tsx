import { KIOSK_PATH, kioskLocked } from '../features/kiosk/kiosk-lock.ts';
import { readToken } from '../lib/token.ts';
import { MESSAGES } from '../shared/messages.ts';
import { legacyRegistrationTarget, parseAccommodationId, REGISTRATION_STEPS } from './guards.ts';
import { DefaultLayout } from './layouts/default-layout.tsx';
import { revalidateRoutes } from './navigation.tsx';
import { organizerRoutes } from './organizer-routes.ts';
import { type AppRoute, type Guard, lazyPage, RouteError, useAppRoutes } from './route-loads.tsx';

/*
 * Every route of docs/behaviour.md §2. Pages and the heavier layouts are lazy, and the guards load their
 * runtime (session, API client, zod) on demand: a cold /sign-in visit without a token loads only
 * React, the router, this table and the sign-in page.
 */

/** The guard runtime, wired on first use: a 401 anywhere signs out and re-runs the guards. */
function guardRuntime() {
  return import('./guard-loaders.ts').then((runtime) => {
    runtime.installSessionHandlers(revalidateRoutes);
    return runtime;
  });
}

const mainAreaGuard: Guard = (place) => guardRuntime().then((runtime) => runtime.mainAreaGuard(place));
const optionalSessionGuard: Guard = () => guardRuntime().then((runtime) => runtime.optionalSessionGuard());
/** Without a token nobody is signed in: skip loading the session code at all. */
const guestOnlyGuard: Guard = () => (readToken() ? guardRuntime().then((runtime) => runtime.guestOnlyGuard()) : null);
/** The registration flow's guards live apart from the session code (src/app/registration-loaders.ts). */
const registrationLoaders = () => import('./registration-loaders.ts');
const registrationGuard: Guard = () =>
  registrationLoaders().then((loaders) =>
    loaders.registrationGuard(() => guardRuntime().then((runtime) => runtime.guestOnlyGuard())),
  );

/** docs/behaviour.md §8: an accommodation id that is not a positive integer is a 404. */
const accommodationIdGuard: Guard = (_place, params) => {
  if (parseAccommodationId(params.accommodationId) === null) throw new RouteError(404, MESSAGES.notFound);
  return null;
};

/** Unknown paths: load the session first so the error page knows whether to show the tab bar. */
const notFoundGuard: Guard = async () => {
  if (readToken()) await optionalSessionGuard({ pathname: '', search: '' }, {});
  throw new RouteError(404, MESSAGES.notFound);
};

/** Deeper registration pages need the registration state they build on (guards.ts registrationStepDecision). */
const registrationStepGuard: Guard = (place) => registrationLoaders().then((loaders) => loaders.registrationStepGuard(place));

const legacyRegistrationGuard: Guard = (place) => legacyRegistrationTarget(place);

const kioskGuard: Guard = (place) => guardRuntime().then((runtime) => runtime.kioskGuard(place, kioskLocked()));

const authRoutes: AppRoute[] = [
  {
    path: 'sign-in',
    page: lazyPage(() => import('../features/auth/sign-in-page.tsx'), 'SignInPage', ['auth', 'validation']),
  },
  {
    path: 'sign-in/forgotpassword',
    page: lazyPage(() => import('../features/auth/forgot-password-page.tsx'), 'ForgotPasswordPage', ['auth', 'validation']),
  },
  {
    path: 'sign-in/changepassword/:token',
    page: lazyPage(() => import('../features/auth/change-password-page.tsx'), 'ChangePasswordPage', [
      'auth',
      'checkout',
      'validation',
    ]),
  },
  {
    path: 'sign-up',
    page: lazyPage(() => import('../features/auth/sign-up-page.tsx'), 'SignUpPage', ['auth', 'checkout', 'validation']),
  },
  {
    path: 'sign-up/success',
    page: lazyPage(() => import('../features/auth/sign-up-success-page.tsx'), 'SignUpSuccessPage', ['auth']),
  },
  {
    path: 'sign-up/confirm/:userUuid',
    page: lazyPage(() => import('../features/auth/sign-up-confirm-page.tsx'), 'SignUpConfirmPage', ['auth', 'validation']),
  },
];

const registrationRoutes: AppRoute[] = [
  {
    index: true,
    page: lazyPage(() => import('../features/registration/registration-page.tsx'), 'RegistrationPage', ['registration']),
  },
  {
    path: 'hotel',
    id: 'registration-step',
    guard: registrationStepGuard,
    page: lazyPage(() => import('../features/registration/registration-hotel-page.tsx'), 'RegistrationHotelPage', [
      'registration',
      'checkout',
      'accommodation',
      'validation',
    ]),
  },
  {
    path: 'account',
    id: 'registration-step',
    guard: registrationStepGuard,
    page: lazyPage(() => import('../features/registration/registration-account-page.tsx'), 'RegistrationAccountPage', [
      'registration',
      'checkout',
      'auth',
      'validation',
    ]),
  },
  {
    path: 'survey',
    id: 'registration-step',
    guard: registrationStepGuard,
    page: lazyPage(() => import('../features/registration/registration-survey-page.tsx'), 'RegistrationSurveyPage', [
      'registration',
      'checkout',
      'survey',
      'validation',
    ]),
  },
  {
    path: 'checkout',
    id: 'registration-step',
    guard: registrationStepGuard,
    page: lazyPage(() => import('../features/registration/registration-checkout-page.tsx'), 'RegistrationCheckoutPage', [
      'registration',
      'checkout',
    ]),
  },
  {
    path: 'finish',
    id: 'registration-step',
    guard: registrationStepGuard,
    page: lazyPage(() => import('../features/registration/registration-finish-page.tsx'), 'RegistrationFinishPage', [
      'registration',
      'checkout',
    ]),
  },
];

const mainRoutes: AppRoute[] = [
  {
    index: true,
    page: lazyPage(() => import('../features/home/home-page.tsx'), 'HomePage', ['home', 'pass', 'registration']),
  },
  {
    path: 'pass',
    page: lazyPage(() => import('../features/pass/pass-page.tsx'), 'PassPage', ['pass']),
  },
  {
    path: 'pass/upgrade',
    page: lazyPage(() => import('../features/pass/pass-upgrade-page.tsx'), 'PassUpgradePage', ['pass', 'checkout']),
  },
  {
    path: 'accommodation',
    page: lazyPage(() => import('../features/accommodation/accommodation-page.tsx'), 'AccommodationPage', [
      'accommodation',
      'validation',
    ]),
  },
  {
    path: 'accommodation/book',
    page: lazyPage(() => import('../features/accommodation/accommodation-book-page.tsx'), 'AccommodationBookPage', [
      'accommodation',
      'checkout',
      'validation',
    ]),
  },
  {
    path: 'accommodation/:accommodationId',
    id: 'accommodation-id',
    guard: accommodationIdGuard,
    page: lazyPage(() => import('../features/accommodation/accommodation-detail-page.tsx'), 'AccommodationDetailPage', [
      'accommodation',
      'checkout',
      'validation',
    ]),
  },
  {
    path: 'agenda',
    page: lazyPage(() => import('../features/agenda/agenda-page.tsx'), 'AgendaPage', ['agenda']),
  },
  {
    path: 'check-in',
    page: lazyPage(() => import('../features/checkin/checkin-page.tsx'), 'CheckinPage', ['checkin', 'contacts']),
  },
  {
    path: 'contacts',
    page: lazyPage(() => import('../features/contacts/contacts-page.tsx'), 'ContactsPage', ['contacts', 'validation']),
  },
  {
    path: 'floor-plan',
    page: lazyPage(() => import('../features/plans/floor-plan-page.tsx'), 'FloorPlanPage', ['plans']),
  },
  {
    path: 'site-plan',
    page: lazyPage(() => import('../features/plans/site-plan-page.tsx'), 'SitePlanPage', [
      'plans',
      'accommodation',
      'validation',
    ]),
  },
  {
    path: 'invoices',
    page: lazyPage(() => import('../features/invoices/invoices-page.tsx'), 'InvoicesPage', ['invoices']),
  },
  {
    path: 'profile',
    page: lazyPage(() => import('../features/profile/profile-page.tsx'), 'ProfilePage', ['profile', 'checkout', 'validation']),
  },
  {
    path: 'survey',
    page: lazyPage(() => import('../features/survey/survey-page.tsx'), 'SurveyPage', ['survey', 'validation']),
  },
  {
    path: 'train-ticket',
    page: lazyPage(() => import('../features/train-ticket/train-ticket-page.tsx'), 'TrainTicketPage', ['train-ticket']),
  },
  {
    path: 'train-ticket/buy/return',
    page: lazyPage(() => import('../features/train-ticket/train-ticket-return-page.tsx'), 'TrainTicketReturnPage', [
      'train-ticket',
      'checkout',
    ]),
  },
  {
    // The organizer console: its layout and pages are lazy chunks attendees never load.
    path: 'organizer',
    page: lazyPage(() => import('./layouts/organizer-layout.tsx'), 'OrganizerLayout', ['organizer']),
    children: organizerRoutes,
  },
  {
    path: 'visa-invitation-letter',
    page: lazyPage(() => import('../features/visa/visa-invitation-letter-page.tsx'), 'VisaInvitationLetterPage', [
      'visa',
      'checkout',
      'validation',
    ]),
  },
];

/** The self-service kiosk: a page of its own, without the app's tab bar and menu. */
const kioskRoute: AppRoute = {
  id: 'kiosk',
  path: 'kiosk',
  guard: kioskGuard,
  page: lazyPage(() => import('../features/kiosk/kiosk-page.tsx'), 'KioskPage', ['kiosk', 'checkin', 'contacts', 'validation']),
};

/** A device in kiosk mode: the kiosk, signing in again should the staff session end, and nothing else. */
const kioskModeRoutes: AppRoute[] = [
  kioskRoute,
  { id: 'guest-only', page: DefaultLayout, guard: guestOnlyGuard, children: authRoutes.filter((r) => r.path === 'sign-in') },
  { id: 'kiosk-mode', path: '*', guard: () => KIOSK_PATH },
];

const routes: AppRoute[] = [
  { id: 'guest-only', page: DefaultLayout, guard: guestOnlyGuard, children: authRoutes },
  kioskRoute,
  {
    id: 'registration',
    path: 'registration',
    guard: registrationGuard,
    page: lazyPage(() => import('./layouts/registration-layout.tsx'), 'RegistrationLayout', ['registration']),
    children: registrationRoutes,
  },
  {
    path: 'registration-old',
    children: [
      { id: 'legacy-registration', index: true, guard: legacyRegistrationGuard },
      ...REGISTRATION_STEPS.map((step) => ({ id: 'legacy-registration', path: step, guard: legacyRegistrationGuard })),
    ],
  },
  {
    id: 'information',
    path: 'information',
    guard: optionalSessionGuard,
    page: lazyPage(() => import('./layouts/information-layout.tsx'), 'InformationLayout', ['information']),
    children: [
      {
        index: true,
        page: lazyPage(() => import('../features/information/information-page.tsx'), 'InformationPage', ['information', 'home']),
      },
    ],
  },
  {
    id: 'main',
    guard: mainAreaGuard,
    page: lazyPage(() => import('./layouts/main-layout.tsx'), 'MainLayout'),
    children: mainRoutes,
  },
  { id: 'not-found', path: '*', guard: notFoundGuard },
];

/** The page for the current address, its guards run on every navigation. */
export function AppRoutes() {
  return useAppRoutes(kioskLocked() ? kioskModeRoutes : routes);
}
