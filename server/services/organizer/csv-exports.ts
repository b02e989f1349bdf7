import { Readable } from 'node:stream';
import { type AnyColumn, and, asc, eq, gt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';
import { CSV_BOM, type CsvValue, csvAmount, csvCell, csvLine, csvNumber } from '#shared/csv.ts';
import type { Period } from '#shared/export-period.ts';
import { vatBreakdownOf, vatPercent } from '#shared/pricing.ts';
import { TAX_RULES } from '#shared/tax-rules.ts';
import { VENUE_TIME_ZONE } from '#shared/venue-time-zone.ts';
import type { Db } from '../../db/client.ts';
import { checkinLists, checkins, invoices, leadTeams, orders, passes, passTypes, users } from '../../db/schema/index.ts';

/*
 * The organizer's CSV exports: attendees, invoices and credit notes for the accountant,
 * check-ins. Rows are read a page at a time by keyset and written as they come, so ten thousand
 * people never sit in memory as one array or one string.
 *
 * One language on purpose: the column names and values stay English with ISO dates,
 * whatever the organizer's or the attendees' language, so an import sees the same columns every time.
 * Only the separators follow a choice (CSV_FORMATS): German Excel wants semicolons and
 * decimal commas.
 */

/** Rows per database read. */
export const EXPORT_PAGE_SIZE = 500;

/** A timestamptz column as venue wall-clock text; the zone is SQL text (see dashboard.ts). */
const venueText = (column: SQL | AnyColumn, format = 'YYYY-MM-DD HH24:MI:SS') =>
  sql<string | null>`to_char(${column} at time zone ${sql.raw(`'${VENUE_TIME_ZONE}'`)}, ${sql.raw(`'${format}'`)})`;

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

const venueDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: VENUE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
export interface CsvExport {
  header: readonly string[];
  /** Pages of rows in file order; an empty export yields nothing. */
  pages: () => AsyncIterable<CsvValue[][]>;
}

/** Reads pages until one comes back short: `next` gets the last row of the page before (null first). */
async function* keyset<T>(read: (after: T | null) => Promise<T[]>): AsyncGenerator<T[]> {
  let after: T | null = null;
  for (;;) {
    const rows = await read(after);
    if (rows.length > 0) yield rows;
    if (rows.length < EXPORT_PAGE_SIZE) return;
    after = rows[rows.length - 1] ?? null;
  }
}

// --- Attendees ----------------------------------------------------------------------------------

export function attendeesExport(db: Db): CsvExport {
  return {
    header: [
      'First name',
      'Last name',
      'Email',
      'Company',
      'Pass type',
      'Pass status',
      'Voucher code',
      'Account created (Europe/Berlin)',
      'Pass approved (Europe/Berlin)',
      'Roles',
      'Lead team',
      'Account id',
    ],
    async *pages() {
      const read = (after: { id: string } | null) =>
        db
          .select({
            id: users.id,
            firstName: users.firstName,
            lastName: users.lastName,
            email: users.email,
            company: users.company,
            passType: passTypes.name,
            status: passes.status,
            voucherCode: passes.voucherCode,
            createdAt: venueText(users.createdAt),
            approvedAt: venueText(passes.approvedAt),
            scopes: users.scopes,
            leadTeam: leadTeams.name,
          })
          .from(users)
          .leftJoin(passes, eq(passes.userId, users.id))
          .leftJoin(passTypes, eq(passTypes.id, passes.passTypeId))
          .leftJoin(leadTeams, eq(leadTeams.id, users.leadTeamId))
          .where(after ? gt(users.id, after.id) : undefined)
          .orderBy(asc(users.id))
          .limit(EXPORT_PAGE_SIZE);
      for await (const rows of keyset(read)) {
        yield rows.map((row) => [
          row.firstName,
          row.lastName,
          row.email,
          row.company,
          row.passType,
          row.status,
          row.voucherCode,
          row.createdAt,
          row.approvedAt,
          row.scopes.join(' '),
          row.leadTeam,
          row.id,
        ]);
      }
    },
  };
}

// --- Invoices and credit notes --------------------------------------------------------------------

const KIND_LABEL = { invoice: 'invoice', 'credit-note': 'credit note' } as const;

/** The venue's midnight starting a day, as SQL: the zone is SQL text (see dashboard.ts). */
const venueMidnight = (day: SQL) => sql`(${day})::timestamp at time zone ${sql.raw(`'${VENUE_TIME_ZONE}'`)}`;

/** Invoices issued within the period's venue days (none: all of them). */
export const issuedIn = (period: Period | undefined) =>
  period
    ? sql`${invoices.issuedAt} >= ${venueMidnight(sql`${period.from}::date`)} and ${invoices.issuedAt} < ${venueMidnight(sql`${period.to}::date + 1`)}`
    : undefined;

/**
 * One pair of columns (net, VAT) per rate: every rate of the tax rules, so the columns stay the same
 * from one period to the next, plus any other rate the period's invoices carry. Old reverse-charged
 * lines (category AE, issued before migration 0020 without VAT) get a pair of their own, only when the
 * period has any.
 */
interface RateColumn {
  key: string;
  net: string;
  vat: string;
  basisPoints: number;
}

const columnKey = (category: string, basisPoints: number) => (category === 'AE' ? 'AE' : `S:${basisPoints}`);

function rateColumn(category: string, basisPoints: number): RateColumn {
  if (category === 'AE') return { key: 'AE', net: 'Net 0 % (reverse charge)', vat: 'VAT 0 % (reverse charge)', basisPoints: -1 };
  const percent = vatPercent(basisPoints);
  return { key: columnKey(category, basisPoints), net: `Net ${percent} %`, vat: `VAT ${percent} %`, basisPoints };
}

async function rateColumns(db: Db, period: Period | undefined): Promise<RateColumn[]> {
  const present = await db
    .selectDistinct({ category: sql<string>`line->>'vatCategory'`, basisPoints: sql<number>`(line->>'vatBasisPoints')::int` })
    .from(sql`${invoices} cross join lateral jsonb_array_elements(${invoices.lines}) as line`)
    .where(issuedIn(period));
  const columns = new Map<string, RateColumn>();
  for (const rule of Object.values(TAX_RULES))
    columns.set(columnKey(rule.category, rule.basisPoints), rateColumn(rule.category, rule.basisPoints));
  for (const { category, basisPoints } of present) {
    const column = rateColumn(category, Number(basisPoints));
    if (!columns.has(column.key)) columns.set(column.key, column);
  }
  // Highest rate first, as on the invoice; the reverse-charge pair last.
  return [...columns.values()].sort((a, b) => b.basisPoints - a.basisPoints);
}

/**
 * For the accountant: one line per invoice or credit note (negative amounts) in number order, with
 * net and VAT per rate from the lines as issued (vatBreakdownOf: VAT rounded once per rate) and the
 * invoice's totals. A period limits it to what was issued on those venue days.
 */
export async function ordersExport(db: Db, period?: Period): Promise<CsvExport> {
  const corrected = alias(invoices, 'corrected');
  const columns = await rateColumns(db, period);
  return {
    header: [
      'Invoice number',
      'Date (Europe/Berlin)',
      'Kind',
      'Corrects invoice',
      'Order kind',
      ...columns.flatMap((column) => [column.net, column.vat]),
      'Net',
      'VAT',
      'Gross',
      'Currency',
      'Buyer VAT ID',
      'Buyer name',
      'Buyer company',
      'Buyer email',
      'Buyer country',
      'Status',
    ],
    async *pages() {
      const read = (after: { year: number; sequence: number } | null) =>
        db
          .select({
            year: invoices.year,
            sequence: invoices.sequence,
            number: invoices.number,
            date: venueText(invoices.issuedAt, 'YYYY-MM-DD'),
            kind: invoices.kind,
            corrects: corrected.number,
            orderKind: orders.kind,
            lines: invoices.lines,
            net: invoices.net,
            vat: invoices.vat,
            gross: invoices.gross,
            buyer: invoices.buyer,
            status: invoices.status,
          })
          .from(invoices)
          .innerJoin(orders, eq(orders.id, invoices.orderId))
          .leftJoin(corrected, eq(corrected.id, invoices.correctsInvoiceId))
          .where(
            and(
              issuedIn(period),
              after ? sql`(${invoices.year}, ${invoices.sequence}) > (${after.year}, ${after.sequence})` : undefined,
            ),
          )
          .orderBy(asc(invoices.year), asc(invoices.sequence))
          .limit(EXPORT_PAGE_SIZE);
      for await (const rows of keyset(read)) {
        yield rows.map((row) => {
          const perColumn = new Map<string, { net: number; vat: number }>();
          for (const group of vatBreakdownOf(row.lines)) {
            const key = columnKey(group.category, group.basisPoints);
            const sum = perColumn.get(key) ?? { net: 0, vat: 0 };
            perColumn.set(key, { net: sum.net + group.net, vat: sum.vat + group.vat });
          }
          return [
            row.number,
            row.date,
            KIND_LABEL[row.kind],
            row.corrects,
            row.orderKind,
            // A rate the invoice does not have stays empty.
            ...columns.flatMap((column) => {
              const sum = perColumn.get(column.key);
              return sum ? [csvAmount(sum.net), csvAmount(sum.vat)] : [null, null];
            }),
            csvAmount(row.net),
            csvAmount(row.vat),
            csvAmount(row.gross),
            'EUR',
            row.buyer.vatId,
            row.buyer.name,
            row.buyer.company,
            row.buyer.email,
            row.buyer.address.at(-1) ?? '',
            row.status,
          ];
        });
      }
    },
  };
}

// --- Check-ins ----------------------------------------------------------------------------------

/** Every check-in event (duplicates included and marked), of one list or of all, in scan order. */
export function checkinsExport(db: Db, listId: number | null = null): CsvExport {
  const staff = alias(users, 'staff');
  return {
    header: [
      'List',
      'Scanned at (Europe/Berlin)',
      'Received at (Europe/Berlin)',
      'First name',
      'Last name',
      'Company',
      'Email',
      'Pass type',
      'Duplicate',
      'First check-in id',
      'Device',
      'Staff',
      'Check-in id',
    ],
    async *pages() {
      const read = (after: { key: string; id: string } | null) =>
        db
          .select({
            key: sql<string>`${checkins.scannedAt}::text`,
            id: checkins.id,
            list: checkinLists.name,
            scannedAt: venueText(checkins.scannedAt),
            receivedAt: venueText(checkins.receivedAt),
            firstName: users.firstName,
            lastName: users.lastName,
            company: users.company,
            email: users.email,
            passType: passTypes.name,
            duplicateOf: checkins.duplicateOf,
            deviceId: checkins.deviceId,
            staffFirst: staff.firstName,
            staffLast: staff.lastName,
          })
          .from(checkins)
          .innerJoin(checkinLists, eq(checkinLists.id, checkins.listId))
          .innerJoin(passes, eq(passes.id, checkins.passId))
          .innerJoin(passTypes, eq(passTypes.id, passes.passTypeId))
          .innerJoin(users, eq(users.id, passes.userId))
          .innerJoin(staff, eq(staff.id, checkins.staffUserId))
          .where(
            and(
              listId === null ? undefined : eq(checkins.listId, listId),
              after ? sql`(${checkins.scannedAt}, ${checkins.id}) > (${after.key}::timestamptz, ${after.id}::uuid)` : undefined,
            ),
          )
          .orderBy(asc(checkins.scannedAt), asc(checkins.id))
          .limit(EXPORT_PAGE_SIZE);
      for await (const rows of keyset(read)) {
        yield rows.map((row) => [
          row.list,
          row.scannedAt,
          row.receivedAt,
          row.firstName,
          row.lastName,
          row.company,
          row.email,
          row.passType,
          yesNo(row.duplicateOf !== null),
          row.duplicateOf,
          row.deviceId,
          `${row.staffFirst} ${row.staffLast}`.trim(),
          row.id,
        ]);
      }
    },
  };
}

// --- Writing ------------------------------------------------------------------------------------

/**
 * 'standard': RFC 4180, comma-separated with decimal points, for any spreadsheet or import.
 * 'excel-de': what German Excel opens with a double click: semicolons between cells and decimal
 * commas (its list separator and decimal sign). Both start with the BOM, and defuse and quote text
 * cells alike (csvCell quotes a cell holding either separator). Column names stay English in both.
 */
export const CSV_FORMATS = ['standard', 'excel-de'] as const;
export type CsvFormat = (typeof CSV_FORMATS)[number];

function germanCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? csvNumber(value).csvNumber.replace('.', ',') : '';
  if (typeof value === 'object') return value.csvNumber.replace('.', ',');
  return csvCell(value);
}

const germanLine = (values: readonly CsvValue[]) => `${values.map(germanCell).join(';')}\r\n`;

const LINE_WRITERS: Record<CsvFormat, (values: readonly CsvValue[]) => string> = { standard: csvLine, 'excel-de': germanLine };

/** The file as a stream of text: BOM and header first, then one chunk per page. */
export function csvStream({ header, pages }: CsvExport, format: CsvFormat = 'standard'): Readable {
  const line = LINE_WRITERS[format];
  async function* chunks() {
    yield CSV_BOM + line(header);
    for await (const rows of pages()) yield rows.map(line).join('');
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** The whole file as one string (tests, small files). */
export async function csvText(file: CsvExport, format: CsvFormat = 'standard'): Promise<string> {
  let text = '';
  for await (const chunk of csvStream(file, format)) text += String(chunk);
  return text;
}

/** A file name fit for Content-Disposition: ASCII letters, digits and dashes. */
export function fileSlug(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || 'list';
}

/** cloudfest-<what>-<venue date>.csv */
export function exportFileName(what: string, now: Date = new Date()): string {
  const day = venueDay.format(now);
  return `cloudfest-${what}-${day}.csv`;
}

/** Sends the export as a CSV attachment, streamed; never cached by the browser or a proxy. */
export function sendCsv(reply: FastifyReply, fileName: string, file: CsvExport, format: CsvFormat = 'standard') {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(csvStream(file, format));
}
