import { db, deleteUserData } from '../lib/db.ts';
import { registerSignOutHook, type SignOutInfo, tokenAtom, userAtom } from '../lib/session.ts';
import { requestPersistentStorage } from '../lib/storage.ts';
import { store } from '../lib/store.ts';
import { reportAfterDrain } from './device-report.ts';
import { createSyncEngine, type SessionSource, type SyncStatus } from './engine.ts';

/*
 * The app's one sync engine, wired to the session atoms (src/lib/session.ts through the Jotai
 * store) and the device database. The signed-in layout starts it; it then follows sign-ins and
 * sign-outs by itself. Importing this module has no side effects.
 */

const sessionSource: SessionSource = {
  get() {
    const user = store.get(userAtom);
    const token = store.get(tokenAtom);
    return user && token ? { userId: user.uuid, token } : null;
  },
  subscribe(listener) {
    const unsubscribeUser = store.sub(userAtom, listener);
    const unsubscribeToken = store.sub(tokenAtom, listener);
    return () => {
      unsubscribeUser();
      unsubscribeToken();
    };
  },
};

const engine = createSyncEngine({ database: db, session: sessionSource, onDrained: reportAfterDrain });
let signOutHookRegistered = false;

/**
 * Sign-out: the engine stops (the next signed-in page starts it again). A logout the user chose
 * deletes their rows, so the next person on the device sees nothing of them (the menu asked first
 * when changes were unsynced). A session the server ended (401) keeps them: they are sent when the
 * same user signs in again (docs/architecture.md §5).
 */
export async function onSignOut({ userId, sessionExpired }: SignOutInfo): Promise<void> {
  engine.stop();
  if (userId && !sessionExpired) await deleteUserData(db, userId);
}

/**
 * Starts the engine (idempotent): it drains at once when a user is signed in, and on sign-in,
 * `online`, the page becoming visible, new outbox rows, a timer and the service worker's sync
 * event. Also asks once for persistent storage, so the browser keeps the outbox under pressure.
 */
export function startSyncEngine(): void {
  if (!signOutHookRegistered) {
    registerSignOutHook(onSignOut);
    signOutHookRegistered = true;
  }
  engine.start();
  if (sessionSource.get()) void requestPersistentStorage();
}

/**
 * Uploads now (joins a drain under way). New outbox rows wake the engine by themselves (enqueue,
 * outboxChanged); this is for a user's "sync now" (`force` skips the wait after a failure).
 */
export function requestSync(options?: { force?: boolean }): Promise<void> {
  return engine.requestSync(options);
}

export function getSyncStatus(): SyncStatus {
  return engine.getStatus();
}

export function subscribeSyncStatus(listener: () => void): () => void {
  return engine.subscribe(listener);
}
