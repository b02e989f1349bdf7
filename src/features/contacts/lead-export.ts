import { escapeText, foldLine } from '../../lib/content-line.ts';
import { csvCell, csvDocument } from '../../shared/csv.ts';
import { answerOf } from './lead-fields.ts';
import type { LeadItem } from './lead-list.ts';
import { QUALIFICATION_QUESTIONS } from './qualification.ts';

/*
 * Exports of the leads list, made on the device (so they work offline): CSV for spreadsheets and
 * vCard for address books.
 */

type ExportedLead = Pick<
  LeadItem,
  | 'firstName'
  | 'lastName'
  | 'name'
  | 'company'
  | 'passType'
  | 'createdAt'
  | 'notes'
  | 'rating'
  | 'tags'
  | 'answers'
  | 'status'
  | 'reason'
>;

const FIXED_QUESTIONS = new Set(QUALIFICATION_QUESTIONS.map((entry) => entry.question));

const otherAnswers = (lead: ExportedLead) => lead.answers.filter((entry) => !FIXED_QUESTIONS.has(entry.question));

function statusText(lead: ExportedLead): string {
  if (lead.status === 'pending') return 'Pending';
  if (lead.status === 'rejected') return `Failed: ${lead.reason ?? 'refused by the server'}`;
  return 'Synced';
}

// --- CSV (RFC 4180; cells quoted and formula starts defused in src/shared/csv.ts) ----------------

export { csvCell };

const CSV_COLUMNS = [
  'First name',
  'Last name',
  'Company',
  'Pass type',
  'Scanned at',
  'Rating',
  'Tags',
  ...QUALIFICATION_QUESTIONS.map((entry) => entry.question),
  'Other answers',
  'Notes',
  'Sync status',
];

/** The leads as CSV: a header row, CRLF line ends, and a byte order mark so Excel reads UTF-8 (umlauts). */
export function leadsCsv(leads: readonly ExportedLead[]): string {
  const rows = leads.map((lead) => [
    lead.firstName,
    lead.lastName,
    lead.company,
    lead.passType,
    lead.createdAt,
    String(lead.rating),
    lead.tags.join(', '),
    ...QUALIFICATION_QUESTIONS.map((entry) => answerOf(lead.answers, entry.question)),
    otherAnswers(lead)
      .map((entry) => `${entry.question} ${entry.answer}`)
      .join('; '),
    lead.notes,
    statusText(lead),
  ]);
  return csvDocument(CSV_COLUMNS, rows);
}

// --- vCard 3.0 (RFC 2426; text escaping and folding in src/lib/content-line.ts) ---------------------

function vcardNote(lead: ExportedLead): string {
  const lines = [`Rating: ${lead.rating > 0 ? `${lead.rating}/5` : 'not rated'}`];
  if (lead.tags.length > 0) lines.push(`Tags: ${lead.tags.join(', ')}`);
  for (const entry of lead.answers) lines.push(`${entry.question} ${entry.answer}`);
  lines.push(`Scanned at CloudFest 2026: ${lead.createdAt}`);
  if (lead.notes.trim()) lines.push('', lead.notes.trim());
  return lines.join('\n');
}

/** One vCard 3.0 per lead: N, FN, ORG, CATEGORIES (the tags) and a NOTE with rating, tags, answers and notes. */
export function leadsVcard(leads: readonly ExportedLead[]): string {
  const cards = leads.map((lead) => {
    const lines = [
      'BEGIN:VCARD',
      'VERSION:3.0',
      `N:${escapeText(lead.lastName)};${escapeText(lead.firstName)};;;`,
      // FN may not be empty.
      `FN:${escapeText(lead.name.trim() || lead.company || 'CloudFest contact')}`,
    ];
    if (lead.company) lines.push(`ORG:${escapeText(lead.company)}`);
    if (lead.tags.length > 0) lines.push(`CATEGORIES:${lead.tags.map(escapeText).join(',')}`);
    lines.push(`NOTE:${escapeText(vcardNote(lead))}`, 'END:VCARD');
    return lines.map(foldLine).join('\r\n');
  });
  return cards.length > 0 ? `${cards.join('\r\n')}\r\n` : '';
}

/** cloudfest-leads-2026-03-25.csv */
export const exportFileName = (extension: 'csv' | 'vcf', now = new Date()) =>
  `cloudfest-leads-${now.toISOString().slice(0, 10)}.${extension}`;
