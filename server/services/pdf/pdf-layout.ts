import type { PDFFont } from 'pdf-lib';

/** Letters with a stroke have no Unicode decomposition: their plain letter by hand. */
const STROKED: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i', Ŧ: 'T', ŧ: 't' };

/**
 * A cleaner for text drawn with a standard PDF font, which only knows WinAnsi (Latin-1 and a few
 * more). Names can be anything: keep what the font has, fall back to the plain letter
 * (Łódź → Lodz, Čapek → Capek) and only then to '?', instead of failing the whole document.
 */
export function printable(font: PDFFont): (text: string) => string {
  const known = new Set(font.getCharacterSet());
  const fits = (ch: string) => known.has(ch.codePointAt(0) ?? 0);
  return (text) =>
    Array.from(text.replace(/[\u00a0\u202f\t\r\n]/g, ' '), (ch) => {
      if (fits(ch)) return ch;
      const base = STROKED[ch] ?? ch.normalize('NFKD').replace(/\p{M}/gu, '');
      return base && Array.from(base).every(fits) ? base : '?';
    }).join('');
}

/** Greedy word wrap by measured width. */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(' ')) {
    const candidate = current ? `${current} ${word}` : word;
    if (current && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(current);
      current = word;
    } else current = candidate;
  }
  if (current) lines.push(current);
  return lines;
}
