import { createBrowserRouter, data, type LoaderFunctionArgs, redirect, type RouteObject } from 'react-router-dom';
import { readToken } from '../lib/token.ts';
import { MESSAGES } from '../shared/messages.ts';
import { AppLoading } from './app-loading.tsx';
import { RootErrorBoundary } from './errors/root-error-boundary.tsx';
import { legacyRegistrationTarget, parseAccommodationId, REGISTRATION_STEPS } from './guards.ts';
import { DefaultLayout } from './layouts/default-layout.tsx';
import { organizerRoutes } from '../features/organizer/organizer-routes.ts';
import { RootLayout } from './root-layout.tsx';

/*
 * Every route of SPEC §2. Pages and the heavier layouts are lazy, and the guards load their
 * runtime (session, API client, zod) on demand: a cold /sign-in visit without a token loads only
 * React, the router, this table and the sign-in page.
 */

/** The guard runtime, wired on first use: a 401 anywhere signs out and re-runs the guards. */
function guardRuntime() {
  return import('./guard-loaders.ts').then((runtime) => {
    runtime.installSessionHandlers(() => void router.revalidate());
    return runtime;
  });
}

const mainAreaLoader = (args: LoaderFunctionArgs) => guardRuntime().then((runtime) => runtime.mainAreaLoader(args));
const optionalSessionLoader = () => guardRuntime().then((runtime) => runtime.optionalSessionLoader());
/** Without a token nobody is signed in: skip loading the session code at all. */
const guestOnlyLoader = () => (readToken() ? guardRuntime().then((runtime) => runtime.guestOnlyLoader()) : null);
/** The registration flow's loaders live apart from the session code (src/app/registration-loaders.ts). */
const registrationLoaders = () => import('./registration-loaders.ts');
const registrationLoader = () =>
  registrationLoaders().then((loaders) =>
    loaders.registrationLoader(() => guardRuntime().then((runtime) => runtime.guestOnlyLoader())),
  );

/** Guards depend on the session and the exact page, not only on params: run them on every navigation. */
const always = () => true;

function placeOf(request: Request) {
  const url = new URL(request.url);
  return { pathname: url.pathname, search: url.search };
}

function notFound(): never {
  throw data(MESSAGES.notFound, { status: 404 });
}

/** SPEC §8: an accommodation id that is not a positive integer is a 404. */
function accommodationIdLoader({ params }: LoaderFunctionArgs): null {
  if (parseAccommodationId(params.accommodationId) === null) notFound();
  return null;
}

/** Unknown paths: load the session first so the error page knows whether to show the tab bar. */
async function notFoundLoader(): Promise<never> {
  if (readToken()) await optionalSessionLoader();
  notFound();
}

/** Deeper registration pages need the registration state they build on (guards.ts registrationStepDecision). */
const registrationStepLoader = (args: LoaderFunctionArgs) =>
  registrationLoaders().then((loaders) => loaders.registrationStepLoader(args));

const legacyRegistrationLoader = ({ request }: LoaderFunctionArgs) => redirect(legacyRegistrationTarget(placeOf(request)));

const authRoutes: RouteObject[] = [
  {
    path: 'sign-in',
    lazy: () => import('../features/auth/sign-in-page.tsx').then((m) => ({ Component: m.SignInPage })),
  },
  {
    path: 'sign-in/forgotpassword',
    lazy: () => import('../features/auth/forgot-password-page.tsx').then((m) => ({ Component: m.ForgotPasswordPage })),
  },
  {
    path: 'sign-in/changepassword/:token',
    lazy: () => import('../features/auth/change-password-page.tsx').then((m) => ({ Component: m.ChangePasswordPage })),
  },
  {
    path: 'sign-up',
    lazy: () => import('../features/auth/sign-up-page.tsx').then((m) => ({ Component: m.SignUpPage })),
  },
  {
    path: 'sign-up/success',
    lazy: () => import('../features/auth/sign-up-success-page.tsx').then((m) => ({ Component: m.SignUpSuccessPage })),
  },
  {
    path: 'sign-up/confirm/:userUuid',
    lazy: () => import('../features/auth/sign-up-confirm-page.tsx').then((m) => ({ Component: m.SignUpConfirmPage })),
  },
];

const registrationRoutes: RouteObject[] = [
  {
    index: true,
    lazy: () => import('../features/registration/registration-page.tsx').then((m) => ({ Component: m.RegistrationPage })),
  },
  {
    path: 'hotel',
    loader: registrationStepLoader,
    lazy: () =>
      import('../features/registration/registration-hotel-page.tsx').then((m) => ({ Component: m.RegistrationHotelPage })),
  },
  {
    path: 'account',
    loader: registrationStepLoader,
    lazy: () =>
      import('../features/registration/registration-account-page.tsx').then((m) => ({
        Component: m.RegistrationAccountPage,
      })),
  },
  {
    path: 'survey',
    loader: registrationStepLoader,
    lazy: () =>
      import('../features/registration/registration-survey-page.tsx').then((m) => ({ Component: m.RegistrationSurveyPage })),
  },
  {
    path: 'checkout',
    loader: registrationStepLoader,
    lazy: () =>
      import('../features/registration/registration-checkout-page.tsx').then((m) => ({
        Component: m.RegistrationCheckoutPage,
      })),
  },
  {
    path: 'finish',
    loader: registrationStepLoader,
    lazy: () =>
      import('../features/registration/registration-finish-page.tsx').then((m) => ({ Component: m.RegistrationFinishPage })),
  },
];

const mainRoutes: RouteObject[] = [
  {
    index: true,
    lazy: () => import('../features/home/home-page.tsx').then((m) => ({ Component: m.HomePage })),
  },
  {
    path: 'pass',
    lazy: () => import('../features/pass/pass-page.tsx').then((m) => ({ Component: m.PassPage })),
  },
  {
    path: 'pass/upgrade',
    lazy: () => import('../features/pass/pass-upgrade-page.tsx').then((m) => ({ Component: m.PassUpgradePage })),
  },
  {
    path: 'accommodation',
    lazy: () => import('../features/accommodation/accommodation-page.tsx').then((m) => ({ Component: m.AccommodationPage })),
  },
  {
    path: 'accommodation/book',
    lazy: () =>
      import('../features/accommodation/accommodation-book-page.tsx').then((m) => ({ Component: m.AccommodationBookPage })),
  },
  {
    path: 'accommodation/:accommodationId',
    loader: accommodationIdLoader,
    lazy: () =>
      import('../features/accommodation/accommodation-detail-page.tsx').then((m) => ({
        Component: m.AccommodationDetailPage,
      })),
  },
  {
    path: 'agenda',
    lazy: () => import('../features/agenda/agenda-page.tsx').then((m) => ({ Component: m.AgendaPage })),
  },
  {
    path: 'check-in',
    lazy: () => import('../features/checkin/checkin-page.tsx').then((m) => ({ Component: m.CheckinPage })),
  },
  {
    path: 'contacts',
    lazy: () => import('../features/contacts/contacts-page.tsx').then((m) => ({ Component: m.ContactsPage })),
  },
  {
    path: 'floor-plan',
    lazy: () => import('../features/plans/floor-plan-page.tsx').then((m) => ({ Component: m.FloorPlanPage })),
  },
  {
    path: 'site-plan',
    lazy: () => import('../features/plans/site-plan-page.tsx').then((m) => ({ Component: m.SitePlanPage })),
  },
  {
    path: 'invoices',
    lazy: () => import('../features/invoices/invoices-page.tsx').then((m) => ({ Component: m.InvoicesPage })),
  },
  {
    path: 'profile',
    lazy: () => import('../features/profile/profile-page.tsx').then((m) => ({ Component: m.ProfilePage })),
  },
  {
    path: 'survey',
    lazy: () => import('../features/survey/survey-page.tsx').then((m) => ({ Component: m.SurveyPage })),
  },
  {
    path: 'train-ticket',
    lazy: () => import('../features/train-ticket/train-ticket-page.tsx').then((m) => ({ Component: m.TrainTicketPage })),
  },
  {
    path: 'train-ticket/buy/return',
    lazy: () =>
      import('../features/train-ticket/train-ticket-return-page.tsx').then((m) => ({ Component: m.TrainTicketReturnPage })),
  },
  {
    // The organizer console (issue 14): its layout and pages are lazy chunks attendees never load.
    path: 'organizer',
    lazy: () => import('../features/organizer/organizer-layout.tsx').then((m) => ({ Component: m.OrganizerLayout })),
    children: organizerRoutes,
  },
  {
    path: 'visa-invitation-letter',
    lazy: () =>
      import('../features/visa/visa-invitation-letter-page.tsx').then((m) => ({ Component: m.VisaInvitationLetterPage })),
  },
];

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: AppLoading,
    errorElement: <RootErrorBoundary />,
    children: [
      { Component: DefaultLayout, loader: guestOnlyLoader, shouldRevalidate: always, children: authRoutes },
      {
        path: 'registration',
        loader: registrationLoader,
        shouldRevalidate: always,
        lazy: () => import('./layouts/registration-layout.tsx').then((m) => ({ Component: m.RegistrationLayout })),
        children: registrationRoutes,
      },
      {
        path: 'registration-old',
        children: [
          { index: true, loader: legacyRegistrationLoader },
          ...REGISTRATION_STEPS.map((step) => ({ path: step, loader: legacyRegistrationLoader })),
        ],
      },
      {
        path: 'information',
        loader: optionalSessionLoader,
        lazy: () => import('./layouts/information-layout.tsx').then((m) => ({ Component: m.InformationLayout })),
        children: [
          {
            index: true,
            lazy: () => import('../features/information/information-page.tsx').then((m) => ({ Component: m.InformationPage })),
          },
        ],
      },
      {
        id: 'main',
        loader: mainAreaLoader,
        shouldRevalidate: always,
        lazy: () => import('./layouts/main-layout.tsx').then((m) => ({ Component: m.MainLayout })),
        children: mainRoutes,
      },
      // The loader always throws; the component only keeps the router from warning about an empty leaf.
      { path: '*', loader: notFoundLoader, Component: () => null },
    ],
  },
];

export const router = createBrowserRouter(routes);
