import type { MessageKey } from '../../i18n/namespaces.ts';
import type { Values } from '../../i18n/use-t.ts';
import { type Stay, stayError } from '../../lib/hotel-search.ts';
import { MAX_STAY_NIGHTS } from '../../shared/stay.ts';

/** The shared stay rules' messages (src/shared/stay.ts, lib/hotel-search.ts) and their keys; stay-error.test.ts keeps them in step. */
const STAY_ERROR_KEYS: ReadonlyMap<string, MessageKey<'registration'>> = new Map<string, MessageKey<'registration'>>([
  ['Expected a valid date as YYYY-MM-DD', 'stayInvalidDate'],
  ['The check-out date must be after the check-in date.', 'stayCheckOutBeforeCheckIn'],
  [`A stay can be at most ${MAX_STAY_NIGHTS} nights.`, 'stayTooLong'],
  ['Partner hotels can be booked for nights from 21 to 28 March 2026.', 'stayOutsideWindow'],
]);

/** Why the stay cannot be searched, in the active language (`t` of the registration namespace), or null. */
export function stayErrorText(stay: Stay, t: (key: MessageKey<'registration'>, values?: Values) => string): string | null {
  const message = stayError(stay);
  if (message === null) return null;
  const key = STAY_ERROR_KEYS.get(message);
  return key ? t(key, { max: MAX_STAY_NIGHTS }) : message;
}
