import { escapeText, foldLine } from './content-line.ts';
/*
 * A small iCalendar (RFC 5545) writer for calendar exports: one VCALENDAR of VEVENTs with UTC
 * times. Only what exports need (no recurrence, no time-zone blocks): UTC instants are valid in
 * every calendar app and need no VTIMEZONE.
 */

export interface IcsEvent {
  /** Globally unique and stable, so a second import updates the event instead of duplicating it. */
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  location?: string;
  description?: string;
  categories?: readonly string[];
}

export interface IcsCalendar {
  /** PRODID: who made the file, e.g. '-//CloudFest//Agenda 2026//EN'. */
  prodId: string;
  /** Shown as the calendar's name by apps that read X-WR-CALNAME. */
  name?: string;
  /** DTSTAMP of every event: when the file was made. */
  stamp: Date;
  events: readonly IcsEvent[];
}

const CRLF = '\r\n';

/** DATE-TIME in UTC: 20260324T080000Z. */
export function formatUtc(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid date in calendar event');
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

function property(name: string, value: string): string {
  return foldLine(`${name}:${value}`);
}

function eventLines(event: IcsEvent, stamp: string): string[] {
  const lines = [
    'BEGIN:VEVENT',
    property('UID', event.uid),
    property('DTSTAMP', stamp),
    property('DTSTART', formatUtc(event.start)),
    property('DTEND', formatUtc(event.end)),
    property('SUMMARY', escapeText(event.summary)),
  ];
  if (event.location) lines.push(property('LOCATION', escapeText(event.location)));
  if (event.description) lines.push(property('DESCRIPTION', escapeText(event.description)));
  if (event.categories?.length) lines.push(property('CATEGORIES', event.categories.map(escapeText).join(',')));
  lines.push('END:VEVENT');
  return lines;
}

/** The whole file: CRLF line endings, ending with CRLF. */
export function writeCalendar(calendar: IcsCalendar): string {
  const stamp = formatUtc(calendar.stamp);
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', property('PRODID', calendar.prodId), 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH'];
  if (calendar.name) lines.push(property('X-WR-CALNAME', escapeText(calendar.name)));
  for (const event of calendar.events) lines.push(...eventLines(event, stamp));
  lines.push('END:VCALENDAR');
  return lines.join(CRLF) + CRLF;
}

export const ICS_MIME_TYPE = 'text/calendar;charset=utf-8';
