import { translate } from '../i18n/i18n.ts';
import { ApiError } from './api.ts';

/** The English texts of the two messages below (tests compare with them; the app shows the active language's). */
export const OFFLINE_MESSAGE = 'You appear to be offline. Please check your connection and try again.';
export const RATE_LIMITED_MESSAGE = 'Too many attempts. Please wait a moment and try again.';

/**
 * The sentence to show for a failed call: the server's own detail where it wrote one (wrong
 * password, not confirmed, rate limited, link expired), otherwise a generic text.
 */
export function errorMessage(error: unknown, online = typeof navigator === 'undefined' || navigator.onLine): string {
  if (error instanceof ApiError) {
    if (error.problem?.detail) return error.problem.detail;
    if (error.status === 429) return translate('common', 'rateLimited');
    return translate('common', 'toastError');
  }
  // Refused before calling (payments, bookings; src/lib/network.ts): its words say what needs the
  // network. Matched by name so this light module does not pull the network module along.
  if (error instanceof Error && error.name === 'NetworkRequiredError') return error.message;
  // fetch rejects with a TypeError when the network is unreachable.
  if (!online || error instanceof TypeError) return translate('common', 'offline');
  return translate('common', 'toastError');
}

/**
 * The server's per-field messages (problem `errors[]`) for the fields a form has, so they land on
 * the inputs instead of a banner. Paths outside the form are left for the banner.
 */
export function serverFieldErrors<F extends string>(error: unknown, fields: readonly F[]): Partial<Record<F, string>> {
  const result: Partial<Record<F, string>> = {};
  if (!(error instanceof ApiError)) return result;
  for (const field of fields) {
    const message = error.fieldError(field);
    if (message) result[field] = message;
  }
  return result;
}

/**
 * Puts the server's per-field messages on a react-hook-form form (`setError`, type 'server': they
 * stay as the server wrote them when the language changes). Tells whether any field got one.
 */
export function showServerFieldErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
  setError: (field: F, error: { type: string; message: string }) => void,
): boolean {
  const messages = Object.entries(serverFieldErrors(error, fields)) as [F, string][];
  for (const [field, message] of messages) setError(field, { type: 'server', message });
  return messages.length > 0;
}
