/*
 * Times on site are the venue's (Europe/Berlin), whatever zone a visitor's phone is set to: the
 * agenda, scans and check-ins all read like the clocks in the halls. (The countdown formats its own
 * Berlin time: it sits in the registration page's first load, which has no room for another module.)
 */

export const VENUE_TIME_ZONE = 'Europe/Berlin';

const venueClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: VENUE_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An ISO instant as 'HH:MM' (24 h, venue time); '--:--' for an unreadable one. */
export function clockTime(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '--:--' : venueClock.format(time);
}

/** Date and time at the venue, e.g. '25 Mar 2026, 10:12'. */
export const venueDateTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: VENUE_TIME_ZONE,
  dateStyle: 'medium',
  timeStyle: 'short',
});
