/*
 * Content lines of the text formats the app exports (iCalendar, RFC 5545 §3.1 and §3.3.11; vCard,
 * RFC 6350 §3.2 and §3.4, which follows the same rules): escaped text values and 75-octet folding.
 */

const CRLF = '\r\n';
const MAX_OCTETS = 75;

/** A text value: backslash, semicolon, comma and line breaks escaped. */
export function escapeText(value: string): string {
  return value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r\n|\r|\n/g, '\\n');
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
