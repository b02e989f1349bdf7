import { atom } from 'jotai';
import { adoptAccountLanguage, saveUnsyncedLanguage } from '../i18n/account-language.ts';
import { activeLanguage } from '../i18n/i18n.ts';
import {
  type Address,
  type Booking,
  EMPTY_ADDRESS,
  type Pass,
  type SurveyEntry,
  type SurveyQuestion,
  type TrainTicket,
} from '../shared/contracts/catalog.ts';
import type { User } from '../shared/contracts/user.ts';
import { onUnauthorized } from './api.ts';
import { configAtom, loadConfig } from './config.ts';
import { deleteCookie } from './cookies.ts';
import { offlineSessionEnded, offlineSessionReady } from './offline-cache.ts';
import { logoutOnServer } from './pending-logout.ts';
import { accessFor, fullName, isLeadScanner, isVendor, SESSION_SNAPSHOT_KEY, type UserDataResult } from './session-rules.ts';
import { store } from './store.ts';
import { readToken, writeToken } from './token.ts';

export type { UserDataResult } from './session-rules.ts';
// The configuration lives in config.ts (anonymous pages need it without the session code).
export { configAtom, loadConfig };

/*
 * Session state and actions. The calls and their zod schemas live in ./session-load.ts, imported
 * only when something is loaded, so this module stays light for the first page of a cold visit.
 */

/** Outside a browser (unit tests in node) there is no storage: start signed out. */
function initialToken(): string | null {
  try {
    return readToken();
  } catch {
    return null;
  }
}

// --- atoms -------------------------------------------------------------------------------------

export const tokenAtom = atom<string | null>(initialToken());
export const userAtom = atom<User | null>(null);
export const passAtom = atom<Pass | null>(null);
export const addressAtom = atom<Address>(EMPTY_ADDRESS);
export const bookingsAtom = atom<Booking[]>([]);
export const trainTicketAtom = atom<TrainTicket | null>(null);
export const surveyQuestionsAtom = atom<SurveyQuestion[]>([]);
export const surveyEntriesAtom = atom<SurveyEntry[]>([]);
/** False when the entries could not be loaded: the survey redirect then stays out of the way. */
export const surveyEntriesLoadedAtom = atom(false);
/** Public event configuration; survives sign-out because it is not user data. */
export const userDataLoadedAtom = atom(false);

export const isSignedInAtom = atom((get) => get(tokenAtom) !== null && get(userAtom) !== null);
export const isVendorAtom = atom((get) => isVendor(get(userAtom)));
export const isLeadScannerAtom = atom((get) => isLeadScanner(get(userAtom)));
/** docs/architecture.md §10: the `staff` scope checks passes (/check-in). */
export const isStaffAtom = atom((get) => get(userAtom)?.scope.includes('staff') ?? false);
/** docs/architecture.md §10: the `organizer` scope runs the event from /organizer. */
export const isOrganizerAtom = atom((get) => get(userAtom)?.scope.includes('organizer') ?? false);
export const fullNameAtom = atom((get) => fullName(get(userAtom)));

function resetUserAtoms(): void {
  store.set(tokenAtom, null);
  store.set(userAtom, null);
  store.set(passAtom, null);
  store.set(addressAtom, EMPTY_ADDRESS);
  store.set(bookingsAtom, []);
  store.set(trainTicketAtom, null);
  store.set(surveyQuestionsAtom, []);
  store.set(surveyEntriesAtom, []);
  store.set(surveyEntriesLoadedAtom, false);
  store.set(userDataLoadedAtom, false);
}

// --- offline snapshot --------------------------------------------------------------------------

/**
 * The last user and pass seen with the current token. An installed app started offline cannot
 * reach GET /api/user/; with this it still opens (pages then read their own caches). Written after
 * every successful load, removed on sign-out and on a new sign-in, validated when read back
 * (session-load.ts).
 */
function writeSnapshot(snapshot: { user: User; pass: Pass | null } | null): void {
  try {
    if (snapshot) localStorage.setItem(SESSION_SNAPSHOT_KEY, JSON.stringify(snapshot));
    else localStorage.removeItem(SESSION_SNAPSHOT_KEY);
  } catch {
    // storage full or blocked: the snapshot is only a convenience
  }
}

/** Whatever changes the user or the pass (start-up load, profile edits, an upgrade) refreshes the snapshot. */
function snapshotOnChange(): void {
  const user = store.get(userAtom);
  if (user) writeSnapshot({ user, pass: store.get(passAtom) });
}
store.sub(userAtom, snapshotOnChange);
store.sub(passAtom, snapshotOnChange);

// --- loading -----------------------------------------------------------------------------------

const loader = () => import('./session-load.ts');

/** Bumped by sign-in and sign-out so a load that started under another session is discarded. */
let generation = 0;
let userDataRequest: Promise<UserDataResult> | null = null;
let signOutRequest: Promise<void> | null = null;

/**
 * docs/behaviour.md §4 start-up load. Without a token: 'signed-out'. Already loaded: 'ready' at once. Otherwise
 * everything is requested in parallel (one round trip on app start) and the address, bookings and
 * train ticket are only kept when the user may enter. Concurrent callers (several route loaders)
 * share one request.
 */
export function loadUserData(): Promise<UserDataResult> {
  if (store.get(tokenAtom) === null) return Promise.resolve('signed-out');
  if (store.get(userDataLoadedAtom)) return Promise.resolve('ready');
  if (userDataRequest) return userDataRequest;
  const request = fetchUserData().finally(() => {
    if (userDataRequest === request) userDataRequest = null;
  });
  userDataRequest = request;
  return request;
}

async function fetchUserData(): Promise<UserDataResult> {
  const started = generation;
  const [load] = await Promise.all([loader().then((module) => module.fetchUserData()), loadConfig()]);
  // Signed out or in again meanwhile: answer for the session that is current now.
  if (started !== generation) return loadUserData();

  if (load.kind === 'unauthorized') {
    await signOut({ callServer: false });
    return 'signed-out';
  }
  if (accessFor(load.user, load.pass) === 'awaiting-approval') {
    await signOut();
    return 'awaiting-approval';
  }

  store.set(userAtom, load.user);
  store.set(passAtom, load.pass);
  store.set(addressAtom, load.address ?? EMPTY_ADDRESS);
  store.set(bookingsAtom, load.bookings);
  store.set(trainTicketAtom, load.trainTicket);
  store.set(surveyQuestionsAtom, load.surveyQuestions);
  store.set(surveyEntriesAtom, load.surveyEntries ?? []);
  store.set(surveyEntriesLoadedAtom, load.surveyEntries !== null);
  store.set(userDataLoadedAtom, true);
  offlineSessionReady(load.user.uuid);
  // A language switched offline reaches the account once the server answers again.
  void saveUnsyncedLanguage(activeLanguage()).catch(() => undefined);
  return 'ready';
}

// --- session actions ---------------------------------------------------------------------------

/** After POST /api/user/login: keep the token (cookie + localStorage) and load the user's data. */
export async function startSession(token: string): Promise<UserDataResult> {
  generation += 1;
  userDataRequest = null;
  resetUserAtoms();
  writeSnapshot(null);
  writeToken(token);
  store.set(tokenAtom, token);
  const result = await loadUserData();
  // A sign-in starts in the account's language (chosen on another device, say).
  if (result === 'ready') await adoptAccountLanguage(store.get(userAtom)?.language, activeLanguage());
  return result;
}

/** Who signed out, and whether they chose to (logout) or the server ended the session (401). */
export interface SignOutInfo {
  userId: string | null;
  /** True when the server refused the token (signOut with callServer false): unsynced work is kept for the same user's next sign-in. */
  sessionExpired: boolean;
}
type SignOutHook = (info: SignOutInfo) => void | Promise<void>;
/**
 * Work to do on every sign-out, registered by later features: the Dexie database deletes the
 * user's rows here, the sync engine stops its queue. Returns the unregister function.
 */
const signOutHooks = new Set<SignOutHook>();
export function registerSignOutHook(hook: SignOutHook): () => void {
  signOutHooks.add(hook);
  return () => signOutHooks.delete(hook);
}

export interface SignOutOptions {
  /** False when the server already refused the token (401): revoking it again is pointless. */
  callServer?: boolean;
}

/**
 * Logout (docs/behaviour.md §4, docs/architecture.md §5): revoke the token on the server (failures ignored), clear the
 * token, every user atom, the offline snapshot, the service worker's per-user caches and whatever
 * the sign-out hooks clear. The local session is gone when this returns (callers may navigate at
 * once); the promise settles when the revoke call and the hooks are done. Concurrent calls share
 * one run.
 */
export function signOut({ callServer = true }: SignOutOptions = {}): Promise<void> {
  if (signOutRequest) return signOutRequest;
  generation += 1;
  userDataRequest = null;
  const token = store.get(tokenAtom) ?? initialToken();
  // Started before the token is cleared: the request needs it.
  const revoked = callServer && token ? logoutOnServer(token) : Promise.resolve();
  const info: SignOutInfo = { userId: store.get(userAtom)?.uuid ?? null, sessionExpired: !callServer };
  writeToken(null);
  writeSnapshot(null);
  deleteCookie('surveyRedirect');
  resetUserAtoms();
  const cachesCleared = offlineSessionEnded();
  const hooks = [...signOutHooks].map(async (hook) => hook(info));
  const request = Promise.allSettled([revoked, cachesCleared, ...hooks]).then(() => {
    signOutRequest = null;
  });
  signOutRequest = request;
  return request;
}

let handlersInstalled = false;

/**
 * Wires the API client's 401 to a sign-out, then `afterSignOut` (the app navigates to /sign-in).
 * A 401 during the start-up load or a sign-out is left to those, which already sign out. Also
 * follows sign-in and sign-out in other tabs by reloading, so no tab shows another session's data.
 */
export function installSessionHandlers(afterSignOut: () => void): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  onUnauthorized(() => {
    if (userDataRequest || signOutRequest) return;
    void signOut({ callServer: false }).then(afterSignOut);
  });
  window.addEventListener('storage', (event) => {
    if (event.key === 'token' && event.newValue !== store.get(tokenAtom)) location.reload();
  });
  // Sessions signed out offline end on the server from app start on (startLogoutRetries, src/app/app.tsx).
}
