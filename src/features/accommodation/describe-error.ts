import { translate } from '../../i18n/i18n.ts';
import { ApiError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/form-errors.ts';

/**
 * The sentence for a failed booking call: the server's own reason where it gave one (sold out, no
 * space for another guest, outside the cancellation rules), otherwise what errorMessage says
 * (offline, network needed, the docs/behaviour.md §8 default, in the active language).
 */
export function describeError(error: unknown, online = typeof navigator === 'undefined' || navigator.onLine): string {
  if (error instanceof ApiError) {
    const detail = error.problem?.detail;
    // 400s name the invalid field in `errors`; their detail is a generic sentence.
    if (error.status === 400 && error.problem?.errors?.length) {
      return error.problem.errors[0]?.message ?? translate('common', 'toastError');
    }
    if (detail) return detail;
    if (error.status === 409 && error.problem?.title) return error.problem.title;
    return translate('common', 'toastError');
  }
  return errorMessage(error, online);
}
