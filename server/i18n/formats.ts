import { VENUE_TIME_ZONE } from '#shared/venue-time-zone.ts';
import type { Language } from './language.ts';

/**
 * Dates in the server's texts (mails, PDFs), per language. Moments are shown in venue time,
 * Europe/Berlin, and the texts say so; calendar dates (YYYY-MM-DD: stays, birthdays, the event's
 * days) have no time zone and are formatted as they are. Intl's own time-zone support does this
 * without loading date-fns-tz on the mail path; the app's countdown uses date-fns-tz
 * (src/shared/berlin-time.ts) where it must compute with zoned times.
 */

const LOCALES: Record<Language, string> = { en: 'en-GB', de: 'de-DE' };

const cache = new Map<string, Intl.DateTimeFormat>();
function format(language: Language, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const id = `${language} ${JSON.stringify(options)}`;
  let found = cache.get(id);
  if (!found) {
    found = new Intl.DateTimeFormat(LOCALES[language], options);
    cache.set(id, found);
  }
  return found;
}

const calendar = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** A moment in venue time with its clock time: en '10 February 2026 at 10:30', de '10. Februar 2026 um 10:30'. */
export const venueDateTime = (date: Date, language: Language) =>
  format(language, { timeZone: VENUE_TIME_ZONE, dateStyle: 'long', timeStyle: 'short' }).format(date);

/** The venue's calendar day of a moment, written out: en '10 January 2026', de '10. Januar 2026'. */
export const venueLongDate = (date: Date, language: Language) =>
  format(language, { timeZone: VENUE_TIME_ZONE, day: 'numeric', month: 'long', year: 'numeric' }).format(date);

/** The venue's calendar day of a moment in German digits, as German invoices carry it: '10.02.2026'. */
export const venueNumericDate = (date: Date) =>
  format('de', { timeZone: VENUE_TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' }).format(date);

/** A calendar date written out: en '24 March 2026', de '24. März 2026'. */
export const longCalendarDate = (iso: string, language: Language) =>
  format(language, { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' }).format(calendar(iso));

/** A calendar date in the digits of the language: en keeps ISO (as the English mails always showed it), de '24.03.2026'. */
export const shortCalendarDate = (iso: string, language: Language) =>
  language === 'de' ? iso.split('-').reverse().join('.') : iso;
