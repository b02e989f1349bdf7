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
const MAX_OCTETS = 75;

/** TEXT values (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks escaped. */
export function escapeText(value: string): string {
  return value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r\n|\r|\n/g, '\\n');
}

/** DATE-TIME in UTC: 20260324T080000Z. */
export function formatUtc(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid date in calendar event');
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

function utf8Length(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  if (codePoint < 0x10000) return 3;
  return 4;
}

/**
 * Folds a content line to at most 75 octets per physical line (RFC 5545 §3.1): continuation lines
 * start with one space, which counts towards their 75. Splits only between characters, never
 * inside a UTF-8 sequence.
 */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = utf8Length(char.codePointAt(0) ?? 0);
    if (octets + size > MAX_OCTETS) {
      out.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join(CRLF);
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

/**
 * Offers the file as a download through a Blob URL: made on the device, so it works offline.
 * The URL is revoked after the browser has had time to start the download.
 */
export function downloadCalendar(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: ICS_MIME_TYPE }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
