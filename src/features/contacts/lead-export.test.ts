import { describe, expect, it } from 'vitest';
import { escapeText, foldLine } from '../../lib/content-line.ts';
import { csvCell, leadsCsv, leadsVcard } from './lead-export.ts';
import type { LeadItem } from './lead-list.ts';

function lead(overrides: Partial<LeadItem> = {}): LeadItem {
  return {
    key: 'p-1',
    personKey: 'p-1',
    token: null,
    name: 'Jürgen Müller',
    firstName: 'Jürgen',
    lastName: 'Müller',
    company: 'Größe & Söhne GmbH',
    passType: 'Business Pass',
    createdAt: '2026-03-24T09:42:00.000Z',
    notes: '',
    rating: 0,
    tags: [],
    answers: [],
    status: 'synced',
    reason: null,
    ...overrides,
  };
}

/** An RFC 4180 reader, to check that what was written reads back as the same cells. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += char;
  }
  return rows;
}

describe('leadsCsv', () => {
  it('starts with a UTF-8 byte order mark, ends every record with CRLF and has a header', () => {
    const csv = leadsCsv([lead()]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(new TextEncoder().encode(csv).subarray(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    const [header, row] = parseCsv(csv.slice(1));
    expect(header?.slice(0, 7)).toEqual(['First name', 'Last name', 'Company', 'Pass type', 'Scanned at', 'Rating', 'Tags']);
    expect(header).toContain('Budget this year?');
    expect(row?.slice(0, 3)).toEqual(['Jürgen', 'Müller', 'Größe & Söhne GmbH']);
  });

  it('quotes cells with commas, quotes and line breaks, and reads back to the same text', () => {
    const notes = 'Said "call me",\r\nthen left; second line\nthird';
    const csv = leadsCsv([
      lead({
        notes,
        rating: 4,
        tags: ['hot', 'cloud, edge'],
        answers: [
          { question: 'Decision maker?', answer: 'Yes' },
          { question: 'Old question?', answer: 'kept' },
        ],
        status: 'rejected',
        reason: 'This badge has been revoked.',
      }),
    ]);
    const [header = [], row = []] = parseCsv(csv.slice(1));
    const cell = (column: string) => row[header.indexOf(column)];
    expect(cell('Notes')).toBe(notes);
    expect(cell('Tags')).toBe('hot, cloud, edge');
    expect(cell('Rating')).toBe('4');
    expect(cell('Decision maker?')).toBe('Yes');
    expect(cell('Interest?')).toBe('');
    expect(cell('Other answers')).toBe('Old question? kept');
    expect(cell('Sync status')).toBe('Failed: This badge has been revoked.');
  });

  it('defuses cells a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(csvCell('+49 170 1234')).toBe("'+49 170 1234");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe(`"'\tcmd"`);
    expect(csvCell('a=b')).toBe('a=b');
    const [, row = []] = parseCsv(leadsCsv([lead({ company: '=1+1', firstName: '@me' })]).slice(1));
    expect(row.slice(0, 3)).toEqual(["'@me", 'Müller', "'=1+1"]);
    // German Excel splits on ';': the part after it is defused too.
    const [, german = []] = parseCsv(leadsCsv([lead({ company: 'ACME;=1+1' })]).slice(1));
    expect(german[2]).toBe("ACME;'=1+1");
  });
});

/** Unfolds content lines (CRLF + space) as a vCard reader does. */
const unfold = (text: string) => text.replaceAll('\r\n ', '');

describe('leadsVcard', () => {
  it('writes one vCard 3.0 per lead with N, FN, ORG, CATEGORIES and a NOTE of rating, tags and answers', () => {
    const vcf = leadsVcard([
      lead({
        rating: 5,
        tags: ['hot', 'k8s'],
        answers: [{ question: 'Budget this year?', answer: '€20–50k' }],
        notes: 'Wants a demo',
      }),
      lead({ name: 'Cher', firstName: '', lastName: 'Cher', company: '' }),
    ]);
    expect(vcf.endsWith('\r\n')).toBe(true);
    expect(vcf.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    const lines = unfold(vcf).split('\r\n');
    expect(lines.filter((line) => line === 'BEGIN:VCARD')).toHaveLength(2);
    expect(lines.filter((line) => line === 'END:VCARD')).toHaveLength(2);
    expect(lines.slice(0, 6)).toEqual([
      'BEGIN:VCARD',
      'VERSION:3.0',
      'N:Müller;Jürgen;;;',
      'FN:Jürgen Müller',
      'ORG:Größe & Söhne GmbH',
      'CATEGORIES:hot,k8s',
    ]);
    expect(lines[6]).toBe(
      'NOTE:Rating: 5/5\\nTags: hot\\, k8s\\nBudget this year? €20–50k\\nScanned at CloudFest 2026: 2026-03-24T09:42:00.000Z\\n\\nWants a demo',
    );
    expect(lines).toContain('N:Cher;;;;');
    expect(lines).toContain('FN:Cher');
  });

  it('escapes backslashes, commas, semicolons and line breaks in every text value', () => {
    expect(escapeText('a\\b, c; d\r\ne\nf')).toBe('a\\\\b\\, c\\; d\\ne\\nf');
    const vcf = unfold(leadsVcard([lead({ company: 'Dev; Ops, Inc.', lastName: 'O;Neil', tags: ['a,b'] })]));
    expect(vcf).toContain('N:O\\;Neil;Jürgen;;;');
    expect(vcf).toContain('ORG:Dev\\; Ops\\, Inc.');
    expect(vcf).toContain('CATEGORIES:a\\,b');
  });

  it('folds lines at 75 octets without splitting a character', () => {
    const line = `NOTE:${'ä'.repeat(100)}`;
    const folded = foldLine(line);
    for (const part of folded.split('\r\n')) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(folded.replaceAll('\r\n ', '')).toBe(line);
    expect(foldLine('short')).toBe('short');
  });
});
