/**
 * Characters a single-line text field (a name, a company, a street, a city) never needs, and that
 * could break the line it is printed on (mails, PDFs, badges, CSV) or reorder what a reader sees:
 * C0 and C1 controls (tab, line feed, carriage return, NEL...), DEL, the Unicode line and paragraph
 * separators, and the bidirectional embedding, override and isolate controls. Letters of every
 * script, combining marks and joiners (ZWJ/ZWNJ, which some scripts and emoji need) stay allowed.
 */
export function hasControlCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
    if (code === 0x2028 || code === 0x2029) return true;
    if ((code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069)) return true;
  }
  return false;
}
