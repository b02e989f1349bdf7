/**
 * The venue's time zone: times on site (agenda, countdown, check-in windows, exports, invoices)
 * are on its clock, whatever zone a phone or laptop is set to. The one definition, for app,
 * service worker and server.
 */
export const VENUE_TIME_ZONE = 'Europe/Berlin';
