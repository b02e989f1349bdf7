/*
 * CSV for spreadsheets (RFC 4180): comma-separated, CRLF line ends, quotes doubled inside quoted
 * cells, and a byte order mark first so Excel reads UTF-8 (umlauts). Shared by the lead scanner's
 * export on the device (src/features/contacts/lead-export.ts) and every CSV the server writes (the
 * organizer's exports, check-in lists and voucher codes): no CSV is written without csvCell.
 */

/** The byte order mark that starts every CSV file we write. */
export const CSV_BOM = '\uFEFF';

/** A cell a spreadsheet would run as a formula starts with one of these; a ' in front keeps it text. */
const FORMULA_STARTS = '=+-@\t\r';
/**
 * Where a spreadsheet may start a new cell or line inside our cell: German Excel splits on ';', a
 * tab-separated import on tabs, and a careless import ignores the quotes. A formula character right
 * after one of these is defused too, so `ACME;=1+1` never becomes a formula cell. (A tab or CR there
 * is a separator itself, so whatever follows it is checked in turn: no ' needed before it.)
 */
const SPLITS = ';,\t\r\n';
const FORMULA_AFTER_SPLIT = '=+-@';

/**
 * One text cell: every formula start (at the beginning, or right after a separator or line break)
 * gets a ' in front, then the cell is quoted (quotes doubled) when it holds a separator, tab, quote or
 * line break.
 */
export function csvCell(value: string): string {
  let safe = '';
  let starts = FORMULA_STARTS;
  for (const char of value) {
    if (starts.includes(char)) safe += "'";
    safe += char;
    starts = SPLITS.includes(char) ? FORMULA_AFTER_SPLIT : '';
  }
  return /[",;\t\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * A number the file writes as it is (a minus sign stays a minus sign, so an accountant's spreadsheet
 * sums credit notes): only digits, one optional leading minus and one optional decimal point pass.
 */
export interface CsvNumber {
  readonly csvNumber: string;
}

const NUMBER = /^-?\d+(\.\d+)?$/;

export function csvNumber(value: number | string): CsvNumber {
  const text = typeof value === 'number' ? String(value) : value;
  if (!NUMBER.test(text)) throw new Error(`Not a CSV number: ${text}`);
  return { csvNumber: text };
}

/** Cents as a decimal amount with two places: -1250 → -12.50. */
export function csvAmount(cents: number): CsvNumber {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return csvNumber(`${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`);
}

export type CsvValue = string | number | CsvNumber | null | undefined;

function cellOf(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? csvNumber(value).csvNumber : '';
  if (typeof value === 'object') return value.csvNumber;
  return csvCell(value);
}

/** One record with its CRLF line end. Text cells are defused and quoted; numbers are written as they are. */
export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(cellOf).join(',')}\r\n`;
}

/** A whole file: BOM, the header row, then the rows. */
export function csvDocument(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return CSV_BOM + csvLine(header) + rows.map(csvLine).join('');
}
