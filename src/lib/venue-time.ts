import { dateFormat } from '../i18n/formats.ts';
import { activeLanguage, type Language } from '../i18n/i18n.ts';
import { VENUE_TIME_ZONE } from '../shared/venue-time-zone.ts';

/*
 * Times on site are the venue's (Europe/Berlin), whatever zone a visitor's phone is set to: the
 * agenda, scans and check-ins all read like the clocks in the halls. (The countdown formats its own
 * Berlin time: it sits in the registration page's first load, which has no room for another module.)
 * Written in the active language unless a language is given.
 */

function clockFormat(language: Language): Intl.DateTimeFormat {
  return dateFormat(language, {
    timeZone: VENUE_TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
}

function venueDateTimeFormat(language: Language): Intl.DateTimeFormat {
  return dateFormat(language, {
    timeZone: VENUE_TIME_ZONE,
    dateStyle: 'medium',
    timeStyle: 'short',
  });
}

/** An ISO instant as 'HH:MM' (24 h, venue time); '--:--' for an unreadable one. */
export function clockTime(iso: string, language: Language = activeLanguage()): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '--:--' : clockFormat(language).format(time);
}

/** Date and time at the venue: en '25 Mar 2026, 10:12', de '25.03.2026, 10:12'. */
export function formatVenueDateTime(value: Date | number, language: Language = activeLanguage()): string {
  return venueDateTimeFormat(language).format(value);
}

/** `venueDateTime.format(date)`, as callers of the former Intl object write it: the active language unless given. */
export const venueDateTime = {
  format: (value: Date | number, language?: Language): string => formatVenueDateTime(value, language),
};
