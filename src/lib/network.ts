import { useSyncExternalStore } from 'react';
import { translate } from '../i18n/i18n.ts';

/*
 * Actions that only the server can do (booking, payment, purchases) need the network. Offline,
 * the app says so plainly instead of failing with a generic error ("Offline experience").
 */

/** The English text of the message (tests compare with it; the error carries the active language's). */
export const NETWORK_REQUIRED_MESSAGE = 'This needs an internet connection. Please try again when you are back online.';

/** Thrown by actions that cannot work offline; its message is meant to be shown as it is. */
export class NetworkRequiredError extends Error {
  constructor(options?: { cause?: unknown }) {
    super(translate('common', 'networkRequired'), options);
    this.name = 'NetworkRequiredError';
  }
}

/**
 * The browser's own view. `false` is reliable (no network at all); `true` only means some network
 * exists, so a request can still fail: callers also handle `isNetworkError`.
 */
export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/** fetch rejects with a TypeError when the request never got an answer (offline, DNS, reset). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError || error instanceof NetworkRequiredError;
}

/** Call first in an action that needs the server: throws NetworkRequiredError when offline. */
export function requireOnline(): void {
  if (!isOnline()) throw new NetworkRequiredError();
}

/**
 * Runs a server action; offline before the call or a network failure during it becomes a
 * NetworkRequiredError (the server's own refusals pass through unchanged).
 */
export async function withNetwork<T>(action: () => Promise<T>): Promise<T> {
  requireOnline();
  try {
    return await action();
  } catch (error) {
    if (error instanceof TypeError) throw new NetworkRequiredError({ cause: error });
    throw error;
  }
}

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/**
 * React: true while the browser reports a network. Buttons of network-only actions use it to be
 * disabled with NETWORK_REQUIRED_MESSAGE beside them.
 */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, isOnline, () => true);
}
