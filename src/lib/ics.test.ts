import { describe, expect, it } from 'vitest';
import { escapeText, foldLine } from './content-line.ts';
import { formatUtc, writeCalendar } from './ics.ts';

const octets = (line: string) => new TextEncoder().encode(line).length;

/** Undoes folding (RFC 5545 §3.1): a CRLF followed by one space is removed. */
const unfold = (text: string) => text.replace(/\r\n /g, '');

describe('escapeText', () => {
  it('escapes backslashes, semicolons, commas and line breaks', () => {
    expect(escapeText('a\\b;c,d')).toBe('a\\\\b\\;c\\,d');
    expect(escapeText('one\ntwo\r\nthree\rfour')).toBe('one\\ntwo\\nthree\\nfour');
    expect(escapeText('Colons: stay')).toBe('Colons: stay');
  });
});

describe('formatUtc', () => {
  it('writes UTC date-times without separators', () => {
    expect(formatUtc(new Date('2026-03-24T08:00:00.000Z'))).toBe('20260324T080000Z');
    expect(formatUtc(new Date('2026-03-24T09:00:00+01:00'))).toBe('20260324T080000Z');
  });

  it('refuses invalid dates', () => {
    expect(() => formatUtc(new Date('nope'))).toThrow(RangeError);
  });
});

describe('foldLine', () => {
  it('keeps short lines as they are', () => {
    const line = `SUMMARY:${'x'.repeat(67)}`;
    expect(octets(line)).toBe(75);
    expect(foldLine(line)).toBe(line);
  });

  it('folds at 75 octets with a leading space on continuation lines', () => {
    const line = `DESCRIPTION:${'a'.repeat(200)}`;
    const folded = foldLine(line);
    const physical = folded.split('\r\n');
    expect(physical.length).toBe(3);
    for (const part of physical) expect(octets(part)).toBeLessThanOrEqual(75);
    expect(physical[0]).toHaveLength(75);
    expect(physical.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(unfold(folded)).toBe(line);
  });

  it('never splits a multi-byte character', () => {
    const line = `SUMMARY:${'ü€😀'.repeat(40)}`;
    const folded = foldLine(line);
    for (const part of folded.split('\r\n')) {
      expect(octets(part)).toBeLessThanOrEqual(75);
      // A split inside a UTF-8 sequence or a surrogate pair would show up as U+FFFD.
      expect(new TextDecoder().decode(new TextEncoder().encode(part))).not.toContain('\uFFFD');
    }
    expect(unfold(folded)).toBe(line);
  });
});

describe('writeCalendar', () => {
  const text = writeCalendar({
    prodId: '-//CloudFest//Test//EN',
    name: 'My, agenda',
    stamp: new Date('2026-03-01T12:00:00Z'),
    events: [
      {
        uid: 'session-7@cloudfest2026',
        start: new Date('2026-03-24T08:00:00Z'),
        end: new Date('2026-03-24T08:45:00Z'),
        summary: 'Keynote; with, specials\\',
        location: 'Dome, Europa-Park',
        description: `Speaker:\n- Ada, CTO\n\n${'Long abstract text. '.repeat(10)}`,
        categories: ['AI & Data', 'A,B'],
      },
      {
        uid: 'session-8@cloudfest2026',
        start: new Date('2026-03-24T09:00:00Z'),
        end: new Date('2026-03-24T09:30:00Z'),
        summary: 'Second',
      },
    ],
  });

  it('uses CRLF line endings only, ends with one, and keeps lines within 75 octets', () => {
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(octets(line)).toBeLessThanOrEqual(75);
  });

  it('writes the calendar header and one VEVENT per event', () => {
    const lines = unfold(text).split('\r\n');
    expect(lines.slice(0, 6)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//CloudFest//Test//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'X-WR-CALNAME:My\\, agenda',
    ]);
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(2);
    expect(lines.filter((l) => l === 'END:VEVENT')).toHaveLength(2);
  });

  it('writes the event properties escaped, in UTC', () => {
    const lines = unfold(text).split('\r\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'UID:session-7@cloudfest2026',
        'DTSTAMP:20260301T120000Z',
        'DTSTART:20260324T080000Z',
        'DTEND:20260324T084500Z',
        'SUMMARY:Keynote\\; with\\, specials\\\\',
        'LOCATION:Dome\\, Europa-Park',
        'CATEGORIES:AI & Data,A\\,B',
      ]),
    );
    const description = lines.find((l) => l.startsWith('DESCRIPTION:'));
    expect(description?.startsWith('DESCRIPTION:Speaker:\\n- Ada\\, CTO\\n\\nLong abstract text.')).toBe(true);
  });

  it('leaves out empty optional properties', () => {
    const second = unfold(text).split('BEGIN:VEVENT')[2] ?? '';
    expect(second).not.toContain('LOCATION');
    expect(second).not.toContain('DESCRIPTION');
    expect(second).not.toContain('CATEGORIES');
  });
});
