import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvAmount, csvCell, csvDocument, csvLine, csvNumber } from './csv.ts';

/** The cells a spreadsheet would see when it splits one of our cells on `separator`, ignoring the quotes. */
const partsSplitOn = (cell: string, separator: RegExp) => cell.replace(/^"|"$/g, '').split(separator);
/** What a spreadsheet runs as a formula, once it has dropped the blanks in front. */
const formulaStart = /^[\t\r\n ]*[=+\-@]/;

describe('csvCell', () => {
  it('leaves plain text as it is', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('Müller-Lüdenscheid')).toBe('Müller-Lüdenscheid');
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('')).toBe('');
  });

  it('quotes a cell holding a semicolon, comma, tab, quote or line break', () => {
    expect(csvCell('ACME; Inc')).toBe('"ACME; Inc"');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('a\tb')).toBe('"a\tb"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvCell('one\nline')).toBe('"one\nline"');
  });

  it('defuses a formula start at the beginning of a cell', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+49 170 1234')).toBe("'+49 170 1234");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe(`"'\tcmd"`);
    expect(csvCell('\r=1')).toBe(`"'\r'=1"`);
  });

  it('defuses ACME;=1+1, which German Excel would split into a formula cell', () => {
    expect(csvCell('ACME;=1+1')).toBe(`"ACME;'=1+1"`);
  });

  it('defuses a formula start after any separator or line break', () => {
    expect(csvCell('a,=1+1')).toBe(`"a,'=1+1"`);
    expect(csvCell('a\t@SUM(A1)')).toBe(`"a\t'@SUM(A1)"`);
    expect(csvCell('a\r\n-1+1')).toBe(`"a\r\n'-1+1"`);
    expect(csvCell('a\n+1')).toBe(`"a\n'+1"`);
    expect(csvCell('a;;=1')).toBe(`"a;;'=1"`);
    // A tab or line break after a separator is a separator itself: the formula after it is defused.
    expect(csvCell('a\t\t=1')).toBe(`"a\t\t'=1"`);
    expect(csvCell('call me,\r\nthen left')).toBe('"call me,\r\nthen left"');
    // A space after the separator keeps the rest text already.
    expect(csvCell('Berlin, -5 °C')).toBe('"Berlin, -5 °C"');
  });

  it('leaves no part starting a formula, whichever separator the spreadsheet splits on', () => {
    expect(csvCell('\t=1')).toBe(`"'\t'=1"`);
    const nasty = ['ACME;=1+1', '=A1;+A2,-A3\t@A4\r\n=A5', ';=1', ',,@x', '\t\t-1', 'x\r+1', '"q";=HYPERLINK("x")'];
    for (const value of nasty) {
      for (const separator of [/;/, /,/, /\t/, /\r\n|\r|\n/, /[;,\t\r\n]/]) {
        for (const part of partsSplitOn(csvCell(value), separator)) {
          expect(formulaStart.test(part), `${JSON.stringify(value)} split on ${separator}: ${JSON.stringify(part)}`).toBe(false);
        }
      }
    }
  });
});

describe('csvLine and csvDocument', () => {
  it('writes numbers as they are and text defused, with CRLF and a BOM', () => {
    expect(csvLine(['ACME;=1+1', -3, csvAmount(-1250), csvNumber('19.00'), null])).toBe(`"ACME;'=1+1",-3,-12.50,19.00,\r\n`);
    expect(csvDocument(['Name'], [['=x']])).toBe(`${CSV_BOM}Name\r\n'=x\r\n`);
  });
});
