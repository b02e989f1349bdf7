import { CsvError, parse } from 'csv-parse/sync';
import { eq, inArray, sql } from 'drizzle-orm';
import type { CsvRowError, ExhibitorImportReport } from '#shared/contracts/organizer-content.ts';
import { hasControlCharacter } from '#shared/text.ts';
import type { ValidationProblem } from '#shared/validation.ts';
import type { Db } from '../../db/client.ts';
import { exhibitors } from '../../db/schema/index.ts';
import type { Language } from '../../i18n/language.ts';
import { translator } from '../../i18n/translate.ts';
import { recordAudit } from '../audit/audit-log.ts';

/** The columns of the exhibitors CSV (header row, any order). */
export const EXHIBITOR_COLUMNS = ['name', 'booth', 'hall', 'category', 'description', 'logoUrl', 'website'] as const;
type Column = (typeof EXHIBITOR_COLUMNS)[number];
const REQUIRED: readonly Column[] = ['name', 'booth', 'hall', 'category'];

/** Header spellings people use, compared without case, spaces, dashes and underscores. */
const ALIASES: Record<string, Column> = {
  name: 'name',
  company: 'name',
  exhibitor: 'name',
  booth: 'booth',
  stand: 'booth',
  hall: 'hall',
  category: 'category',
  description: 'description',
  logourl: 'logoUrl',
  logo: 'logoUrl',
  website: 'website',
  url: 'website',
};

const MAX_LENGTH: Record<Column, number> = {
  name: 200,
  booth: 40,
  hall: 100,
  category: 100,
  description: 5000,
  logoUrl: 2000,
  website: 2000,
};

/** At most this many data rows per file. */
export const MAX_EXHIBITOR_ROWS = 5000;

export interface ExhibitorRow {
  name: string;
  booth: string;
  hall: string;
  category: string;
  description: string;
  logoUrl: string;
  website: string;
}

const normalizeHeader = (header: string) => header.toLowerCase().replace(/[\s_\-.]/g, '');

/** Comma or semicolon: whichever the header line (outside quotes) has more of; a comma on a tie. */
export function detectDelimiter(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ',') commas += 1;
    else if (!quoted && char === ';') semicolons += 1;
  }
  return semicolons > commas ? ';' : ',';
}

/** Only https addresses: the app loads logos into attendees' pages under a strict CSP. */
function checkUrl(value: string): ValidationProblem | null {
  if (value === '') return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { key: 'urlInvalid' };
  }
  return url.protocol === 'https:' ? null : { key: 'urlHttpsOnly' };
}

function checkField(column: Column, value: string): ValidationProblem | null {
  if (REQUIRED.includes(column) && value === '') return { key: 'csvFieldMissing', values: { column } };
  if (value.length > MAX_LENGTH[column]) return { key: 'tooLong', values: { maximum: MAX_LENGTH[column] } };
  if (value.includes('\u0000')) return { key: 'nulRefused' };
  if (column !== 'description' && hasControlCharacter(value)) return { key: 'singleLine' };
  if (column === 'logoUrl' || column === 'website') return checkUrl(value);
  return null;
}

/** A fault of the file or of one row: where, and what (worded in the reader's language by importExhibitors). */
interface CsvProblem {
  line: number;
  column: string;
  problem: ValidationProblem;
}

export interface ParsedCsv {
  rows: { line: number; row: ExhibitorRow }[];
  /** Rows with a fault, by line (the header is line 1). */
  errors: CsvProblem[];
  /** A fault of the whole file (no header, a missing column, broken quoting): nothing can be imported. */
  fatal: boolean;
  total: number;
}

/**
 * Reads the exhibitors CSV: UTF-8 with or without BOM, comma or semicolon separated, quoted fields
 * (with line breaks and doubled quotes inside), a header row naming the columns in any order.
 * Every row is checked; bad rows are reported with their line, column and what is wrong.
 */
export function parseExhibitorCsv(text: string): ParsedCsv {
  const fail = (line: number, column: string, problem: ValidationProblem): ParsedCsv => ({
    rows: [],
    errors: [{ line, column, problem }],
    fatal: true,
    total: 0,
  });
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text.replace(/^\uFEFF/, ''), {
      delimiter: detectDelimiter(text.replace(/^\uFEFF/, '')),
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines ?? 0;
      return fail(line, '', { key: 'csvUnreadable', values: { reason: error.message.replace(/^Invalid [^:]*: /, '') } });
    }
    throw error;
  }
  const [header, ...body] = records;
  if (!header) return fail(1, '', { key: 'csvEmpty' });

  const columnAt = new Map<number, Column>();
  const errors: CsvProblem[] = [];
  header.record.forEach((title, index) => {
    const column = ALIASES[normalizeHeader(title)];
    if (!column) return; // Extra columns (contact person, notes…) are ignored.
    if ([...columnAt.values()].includes(column)) {
      errors.push({ line: header.info.lines, column: title, problem: { key: 'csvColumnTwice', values: { column } } });
    }
    columnAt.set(index, column);
  });
  for (const column of REQUIRED) {
    if (![...columnAt.values()].includes(column)) {
      errors.push({ line: header.info.lines, column, problem: { key: 'csvColumnMissing', values: { column } } });
    }
  }
  if (errors.length > 0) return { rows: [], errors, fatal: true, total: 0 };
  if (body.length > MAX_EXHIBITOR_ROWS) return fail(1, '', { key: 'csvTooManyRows', values: { maximum: MAX_EXHIBITOR_ROWS } });

  const rows: ParsedCsv['rows'] = [];
  const boothLine = new Map<string, number>();
  let total = 0;
  for (const { record, info } of body) {
    // A row of empty fields (a spreadsheet's trailing ;;;;) is not an exhibitor.
    if (record.every((field) => field === '')) continue;
    total += 1;
    const line = info.lines;
    const row: ExhibitorRow = { name: '', booth: '', hall: '', category: '', description: '', logoUrl: '', website: '' };
    for (const [index, column] of columnAt) row[column] = record[index] ?? '';
    let bad = false;
    for (const column of EXHIBITOR_COLUMNS) {
      const problem = checkField(column, row[column]);
      if (problem) {
        errors.push({ line, column, problem });
        bad = true;
      }
    }
    const boothKey = row.booth.toLowerCase();
    const earlier = boothLine.get(boothKey);
    if (row.booth && earlier !== undefined) {
      errors.push({ line, column: 'booth', problem: { key: 'csvBoothTwice', values: { booth: row.booth, line: earlier } } });
      bad = true;
    }
    if (!bad) {
      boothLine.set(boothKey, line);
      rows.push({ line, row });
    }
  }
  return { rows, errors, fatal: false, total };
}

/** Every imported column from the row that was refused as a duplicate booth. */
const EXCLUDED = {
  name: sql`excluded.name`,
  hall: sql`excluded.hall`,
  category: sql`excluded.category`,
  description: sql`excluded.description`,
  logoUrl: sql`excluded.logo_url`,
  website: sql`excluded.website`,
};

export interface ExhibitorImportOptions {
  skipInvalid: boolean;
  dryRun: boolean;
  actorUserId: string | null;
  /** The language of the report's messages (the request's). */
  language: Language;
}

/**
 * Upserts the CSV's exhibitors by booth, in one transaction with its audit entry. Without
 * `skipInvalid`, any bad row stops the import (nothing written, every error reported); with it,
 * the good rows are imported and the bad ones reported. Exhibitors not in the file stay.
 */
export async function importExhibitors(db: Db, text: string, options: ExhibitorImportOptions): Promise<ExhibitorImportReport> {
  const parsed = parseExhibitorCsv(text);
  const t = translator(options.language, 'validation');
  const errors: CsvRowError[] = parsed.errors.map(({ line, column, problem }) => ({
    line,
    column,
    message: t(problem.key, problem.values),
  }));
  const report: ExhibitorImportReport = {
    dryRun: options.dryRun,
    applied: false,
    rows: parsed.total,
    created: 0,
    updated: 0,
    unchanged: 0,
    skipped: parsed.total - parsed.rows.length,
    errors,
  };
  if (parsed.fatal || (parsed.errors.length > 0 && !options.skipInvalid)) return report;

  return db.transaction(async (tx) => {
    const booths = parsed.rows.map(({ row }) => row.booth);
    const existing = booths.length
      ? await tx.select().from(exhibitors).where(inArray(exhibitors.booth, booths)).for('update')
      : [];
    const byBooth = new Map(existing.map((row) => [row.booth, row]));
    const inserts: ExhibitorRow[] = [];
    const updates: { id: number; row: ExhibitorRow }[] = [];
    for (const { row } of parsed.rows) {
      const before = byBooth.get(row.booth);
      if (!before) inserts.push(row);
      else if ((Object.keys(row) as Column[]).some((column) => before[column] !== row[column]))
        updates.push({ id: before.id, row });
      else report.unchanged += 1;
    }
    report.created = inserts.length;
    report.updated = updates.length;
    if (options.dryRun) return report;

    for (let start = 0; start < inserts.length; start += 500) {
      // A concurrent import that just added the same booth: this one's row wins, no unique violation.
      await tx
        .insert(exhibitors)
        .values(inserts.slice(start, start + 500))
        .onConflictDoUpdate({ target: exhibitors.booth, set: EXCLUDED });
    }
    for (const { id, row } of updates) await tx.update(exhibitors).set(row).where(eq(exhibitors.id, id));
    await recordAudit(tx, {
      actorUserId: options.actorUserId,
      action: 'exhibitors.import',
      subject: 'exhibitors.csv',
      details: {
        rows: report.rows,
        created: report.created,
        updated: report.updated,
        unchanged: report.unchanged,
        skipped: report.skipped,
      },
    });
    report.applied = true;
    return report;
  });
}
