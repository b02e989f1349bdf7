import { getCookie, setCookie } from '../lib/cookies.ts';
import {
  configAtom,
  isLeadScannerAtom,
  isOrganizerAtom,
  isSignedInAtom,
  isStaffAtom,
  isVendorAtom,
  loadUserData,
  passAtom,
  surveyEntriesAtom,
  surveyEntriesLoadedAtom,
  surveyQuestionsAtom,
} from '../lib/session.ts';
import { store } from '../lib/store.ts';
import {
  type GuardDecision,
  type GuardSnapshot,
  guestOnlyDecision,
  kioskDecision,
  mainAreaDecision,
  type Place,
} from './guards.ts';

/**
 * The running side of the guards: load the session, take a snapshot, apply the pure decision.
 * Loaded on demand by src/app/router.tsx so the first chunk (cold /sign-in) carries neither the
 * session code nor zod. Each answers where to send the user instead, or null.
 */

export { installSessionHandlers } from '../lib/session.ts';

/** The surveyRedirect cookie only has to outlive one survey. */
const SURVEY_REDIRECT_MAX_AGE_S = 60 * 60;

export function guardSnapshot(): GuardSnapshot {
  return {
    signedIn: store.get(isSignedInAtom),
    isVendor: store.get(isVendorAtom),
    isLeadScanner: store.get(isLeadScannerAtom),
    isStaff: store.get(isStaffAtom),
    isOrganizer: store.get(isOrganizerAtom),
    hasPass: store.get(passAtom) !== null,
    surveyCookie: getCookie('survey'),
    surveyEntryDates: store.get(surveyEntriesLoadedAtom) ? store.get(surveyEntriesAtom).map((entry) => entry.createdAt) : null,
    surveyStartDate: store.get(configAtom)?.surveyStartDate,
    hasSurveyQuestions: store.get(surveyQuestionsAtom).length > 0,
  };
}

function redirectTarget(decision: GuardDecision): string | null {
  if (decision.type === 'allow') return null;
  if (decision.surveyReturnPath) setCookie('surveyRedirect', decision.surveyReturnPath, SURVEY_REDIRECT_MAX_AGE_S);
  return decision.to;
}

/** Every signed-in page. A failed start-up load (offline without a snapshot) shows the error page. */
export async function mainAreaGuard(place: Place): Promise<string | null> {
  const result = await loadUserData();
  const reason = result === 'awaiting-approval' ? 'approval' : undefined;
  return redirectTarget(mainAreaDecision(guardSnapshot(), place, reason));
}

/** The self-service kiosk; `locked`: this device is in kiosk mode. */
export async function kioskGuard(place: Place, locked: boolean): Promise<string | null> {
  const result = await loadUserData();
  const reason = result === 'awaiting-approval' ? 'approval' : undefined;
  return redirectTarget(kioskDecision(guardSnapshot(), place, locked, reason));
}

/** Sign-in, sign-up and registration pages: signed-in users go to /. */
export async function guestOnlyGuard(): Promise<string | null> {
  // A token that cannot be checked right now (offline, server down) must not lock anyone out of
  // signing in again.
  const result = await loadUserData().catch(() => 'signed-out' as const);
  return redirectTarget(guestOnlyDecision(result === 'ready'));
}

/** Pages open to everyone that still look different when signed in (information, 404). */
export async function optionalSessionGuard(): Promise<null> {
  await loadUserData().catch(() => undefined);
  return null;
}
