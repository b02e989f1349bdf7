import { hostCodeBlocked } from '../shared/registration-rules.ts';
import { needsSurvey } from '../shared/survey-redirect.ts';

/**
 * Route guard decisions as pure functions of a session snapshot and a location, so every rule is
 * unit-tested without a browser; src/app/guard-loaders.ts turns them into loader redirects.
 */

export interface Place {
  pathname: string;
  /** '' or '?a=b', as in URL.search */
  search: string;
}

export interface GuardSnapshot {
  signedIn: boolean;
  isVendor: boolean;
  isLeadScanner: boolean;
  /** The `staff` scope: the pass check (/check-in). */
  isStaff: boolean;
  /** The `organizer` scope: the organizer console (/organizer). */
  isOrganizer: boolean;
  hasPass: boolean;
  /** Value of the `survey` cookie. */
  surveyCookie: string | undefined;
  /** createdAt of the user's survey entries; null when they could not be loaded. */
  surveyEntryDates: string[] | null;
  surveyStartDate: string | undefined;
  hasSurveyQuestions: boolean;
}

export type GuardDecision =
  | { type: 'allow' }
  /** `surveyReturnPath`: store it in the surveyRedirect cookie before redirecting. */
  | { type: 'redirect'; to: string; surveyReturnPath?: string };

export type SignInReason = 'approval';

/** The staff pass check. */
export const CHECKIN_PATH = '/check-in';
/** The organizer console and its pages below it. */
export const ORGANIZER_PATH = '/organizer';

const ALLOW: GuardDecision = { type: 'allow' };
const to = (path: string): GuardDecision => ({ type: 'redirect', to: path });

/** '/pass/' and '/pass' are the same page to the router, so they must be to the guards too. */
export function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** /sign-in remembering where the user wanted to go (the sign-in page checks it with safeRedirectPath). */
export function signInPath(from: Place, reason?: SignInReason): string {
  const params = new URLSearchParams();
  if (reason) params.set('reason', reason);
  const target = normalizePath(from.pathname) + from.search;
  if (target !== '/') params.set('redirect', target);
  const query = params.toString();
  return query ? `/sign-in?${query}` : '/sign-in';
}

/** Pages a vendor without a pass may still open: the pass, buying one (/pass/upgrade and its invoice), the profile (docs/behaviour.md §6: everything else sends them to /pass). */
const VENDOR_WITHOUT_PASS_PAGES = new Set(['/pass', '/pass/upgrade', '/invoices', '/profile', '/survey']);

/** The contacts page's team tab (?currentTab=team). */
export const isTeamTab = (place: Place) => new URLSearchParams(place.search).get('currentTab') === 'team';

function surveyWanted(s: GuardSnapshot, cookie: string | undefined): boolean {
  // Unknown entries (load failed, e.g. offline) or no questions: nothing sensible to ask.
  if (s.surveyEntryDates === null || !s.hasSurveyQuestions) return false;
  return needsSurvey({ surveyCookie: cookie, entryDates: s.surveyEntryDates, surveyStartDate: s.surveyStartDate });
}

/**
 * docs/behaviour.md §4 'a user on /survey who already has an answer': answers that count for this edition,
 * judged by the redirect's own rule (cookie left out: 'skip' postpones the survey, it does not
 * forbid answering) so /survey and the redirect can never bounce a user between each other.
 */
function hasCountingAnswers(s: GuardSnapshot): boolean {
  if (s.surveyEntryDates === null || s.surveyEntryDates.length === 0) return false;
  return !needsSurvey({ surveyCookie: undefined, entryDates: s.surveyEntryDates, surveyStartDate: s.surveyStartDate });
}

/**
 * Every page of the main area (signed-in pages), in this order:
 * 1. not signed in → /sign-in (remembering the page; reason=approval after an unapproved sign-in);
 * 2. /survey itself: a user whose answers already count → /;
 * 3. the survey redirect (docs/behaviour.md §4) → /survey, remembering the page in the surveyRedirect cookie;
 * 4. /contacts is for lead scanners only → / (behaviour §6), except its team tab, where a vendor answers
 *    exhibitor team invitations; /check-in for staff only → /; /organizer and its pages
 *    for organizers only → /;
 * 5. a vendor without a pass → /pass, except on /pass, /profile and /survey (behaviour §6).
 */
export function mainAreaDecision(s: GuardSnapshot, place: Place, reason?: SignInReason): GuardDecision {
  if (!s.signedIn) return to(signInPath(place, reason));
  const path = normalizePath(place.pathname);
  if (path === '/survey') return hasCountingAnswers(s) ? to('/') : ALLOW;
  if (surveyWanted(s, s.surveyCookie)) {
    return { type: 'redirect', to: '/survey', surveyReturnPath: path + place.search };
  }
  if (path === '/contacts' && !s.isLeadScanner && !(s.isVendor && isTeamTab(place))) return to('/');
  if (path === CHECKIN_PATH && !s.isStaff) return to('/');
  if ((path === ORGANIZER_PATH || path.startsWith(`${ORGANIZER_PATH}/`)) && !s.isOrganizer) return to('/');
  if (s.isVendor && !s.hasPass && !VENDOR_WITHOUT_PASS_PAGES.has(path)) return to('/pass');
  return ALLOW;
}

/**
 * The self-service kiosk: not signed in → /sign-in (back to the kiosk after); staff and
 * organizers set it up and run it; anyone else → /. On a device in kiosk mode (`locked`) every other
 * page leads back to the kiosk, so there the kiosk page itself asks for a staff sign-in instead.
 */
export function kioskDecision(
  s: Pick<GuardSnapshot, 'signedIn' | 'isStaff' | 'isOrganizer'>,
  place: Place,
  locked: boolean,
  reason?: SignInReason,
): GuardDecision {
  if (!s.signedIn) return to(signInPath(place, reason));
  return s.isStaff || s.isOrganizer || locked ? ALLOW : to('/');
}

/** docs/behaviour.md §6: a signed-in user on the sign-in, sign-up or registration pages is sent to /. */
export function guestOnlyDecision(signedIn: boolean): GuardDecision {
  return signedIn ? to('/') : ALLOW;
}

export const REGISTRATION_STEPS = ['hotel', 'account', 'survey', 'checkout', 'finish'] as const;

/**
 * What the registration guards read of the registration state (src/features/registration/
 * registration-state.ts); a structural subset so the rules stay pure and testable.
 */
export interface RegistrationGuardState {
  pass: unknown;
  voucherCode: { codeType: string | null } | null;
  account: unknown;
  order: { status: string } | null;
  finished: boolean;
  eligibilityCheckComplete: boolean;
  isWhitelisted: boolean;
}

/** Checkout is done: the order is paid or free, or the flow reached its end. */
export function registrationOrderComplete(s: Pick<RegistrationGuardState, 'order' | 'finished'>): boolean {
  return s.finished || s.order?.status === 'paid' || s.order?.status === 'free';
}

/**
 * docs/behaviour.md §6 / docs/architecture.md §10: the registration pages after the landing need the state they build
 * on, otherwise they send the visitor to /registration keeping the query:
 * hotel and account need a pass; survey and checkout need an account; finish needs a paid, free
 * or finished order, or the payment provider's return (`?session=`). A blocked host code sends
 * every page back to the landing.
 */
export function registrationStepDecision(place: Place, s: RegistrationGuardState): GuardDecision {
  const path = normalizePath(place.pathname);
  if (path === '/registration') return ALLOW;
  const back = to(`/registration${place.search}`);
  if (hostCodeBlocked(s)) return back;
  switch (path) {
    case '/registration/hotel':
    case '/registration/account':
      return s.pass ? ALLOW : back;
    case '/registration/survey':
    case '/registration/checkout':
      return s.account ? ALLOW : back;
    case '/registration/finish':
      return registrationOrderComplete(s) || new URLSearchParams(place.search).get('session') ? ALLOW : back;
    default:
      return back;
  }
}

/** Legacy /registration-old[/step] → /registration[/step], keeping the query. */
export function legacyRegistrationTarget(place: Place): string {
  const path = normalizePath(place.pathname).replace(/^\/registration-old/, '/registration');
  return path + place.search;
}

/** /accommodation/{accommodationId}: a positive integer without sign, zeros first or exponent. */
export function parseAccommodationId(raw: string | undefined): number | null {
  if (raw === undefined || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id <= 2_147_483_647 ? id : null;
}
