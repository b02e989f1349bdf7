import { count, eq, gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvAmount, csvCell, csvDocument, csvNumber } from '#shared/csv.ts';
import { checkPeriod, previousMonth } from '#shared/export-period.ts';
import { taxedLine } from '#shared/pricing.ts';
import { auditLog, users } from '../../db/schema/index.ts';
import { demoEmail } from '../../db/seed/demo-accounts.ts';
import { EXPORT_PAGE_SIZE } from '../../services/organizer/csv-exports.ts';
import { addCheckin, addInvoice, csvRecords, listIdOf, parseCsv, passIdOf } from '../../testing/organizer-event.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { readZip } from '../../testing/zip-reader.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** An order of every kind of line: two at 19 %, two at 7 %. */
const MIXED_LINES = [
  taxedLine('pass', 'Business Pass', 1, 29_900),
  taxedLine('hotel', 'Hotel Colosseo, Single (3 nights)', 3, 11_900),
  taxedLine('extra', 'Breakfast', 3, 1_650),
  taxedLine('train-ticket', 'Train ticket', 1, 10_990),
];
// 19 %: 299.00 + 49.50 = 348.50, VAT 66.215 → 66.22; 7 %: 357.00 + 109.90 = 466.90, VAT 32.683 → 32.68.
const MIXED_COLUMNS = { 'Net 19 %': '348.50', 'VAT 19 %': '66.22', 'Net 7 %': '466.90', 'VAT 7 %': '32.68' };
let t: TestApp;
let organizer: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  organizer = await t.login(demoEmail('organizer'));
}, 60_000);
afterAll(async () => t?.close());

async function download(name: string, query = '') {
  const res = await t.app.inject({ method: 'GET', url: `/api/organizer/exports/${name}${query}`, headers: organizer });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['cache-control']).toBe('no-store');
  const stem = name.replace('.csv', '').replace('orders', 'invoices');
  expect(res.headers['content-disposition']).toMatch(
    new RegExp(`^attachment; filename="cloudfest-${stem}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
  );
  return res.body;
}

describe('CSV cells (src/shared/csv.ts)', () => {
  it('quotes RFC 4180 style, defuses formula starts in text, and writes numbers as they are', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a, "b"')).toBe('"a, ""b"""');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(csvCell(`${start}1`).startsWith(`'`) || csvCell(`${start}1`).startsWith(`"'`)).toBe(true);
    expect(csvCell('=SUM(A1,A2)')).toBe(`"'=SUM(A1,A2)"`);
    expect(csvAmount(-11_900).csvNumber).toBe('-119.00');
    expect(csvAmount(5).csvNumber).toBe('0.05');
    expect(() => csvNumber('=1+1')).toThrow();
    expect(
      csvDocument(
        ['Amount', 'Note'],
        [
          [csvAmount(-150), '-150'],
          [42, null],
        ],
      ),
    ).toBe(`\uFEFFAmount,Note\r\n-1.50,'-150\r\n42,\r\n`);
  });
});

describe('GET /api/organizer/exports', () => {
  it('exports every account with its pass, defusing formulas and quoting commas and quotes', async () => {
    const db = t.database.db;
    await db
      .update(users)
      .set({ company: '=HYPERLINK("http://evil.example","x")', lastName: 'Müller, "Jr."' })
      .where(eq(users.email, demoEmail('attendee')));
    const body = await download('attendees.csv');
    expect(body).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    const records = csvRecords(body);
    const [accounts] = await db.select({ n: count() }).from(users);
    expect(records).toHaveLength(accounts?.n ?? -1);
    expect(records.find((row) => row.Email === demoEmail('attendee'))).toMatchObject({
      'Last name': 'Müller, "Jr."',
      Company: `'=HYPERLINK("http://evil.example","x")`,
      'Pass type': 'Standard Pass',
      'Pass status': 'approved',
      'Voucher code': 'CF26',
    });
    expect(records.find((row) => row.Email === demoEmail('organizer'))?.Roles).toBe('organizer');
    expect(records.find((row) => row.Email === demoEmail('vendor-nopass'))).toMatchObject({ 'Pass type': '', 'Pass status': '' });
  });

  it('pages through many accounts without losing or repeating one', async () => {
    const db = t.database.db;
    const extra = EXPORT_PAGE_SIZE * 2 + 7;
    await db
      .insert(users)
      .values(
        Array.from({ length: extra }, (_, i) => ({ email: `crowd${i}@test.example`, passwordHash: 'x', lastName: `Crowd ${i}` })),
      );
    const records = csvRecords(await download('attendees.csv'));
    const [accounts] = await db.select({ n: count() }).from(users);
    expect(records).toHaveLength(accounts?.n ?? -1);
    expect(new Set(records.map((row) => row['Account id'])).size).toBe(records.length);
  });

  it('gives the accountant invoices and credit notes in number order, net and VAT per rate, credit notes negative', async () => {
    const db = t.database.db;
    const plain = await addInvoice(db, demoEmail('attendee'), { net: 10_000 });
    const cancelled = await addInvoice(db, demoEmail('vip'), { net: 25_050, creditNote: true });
    // Issued by an older version under reverse charge: its lines in category AE, without VAT.
    const reverse = await addInvoice(db, demoEmail('vendor'), {
      net: 40_000,
      reverseCharge: true,
      vatId: 'ATU12345678',
      vatConfirmation: { confirmedAt: '2026-02-09T23:30:00.000Z', reference: 'WAPIAAAAZ1Q2w3E4' },
    });
    const mixed = await addInvoice(db, demoEmail('attendee'), { lines: MIXED_LINES });
    const body = await download('orders.csv');
    const [header] = parseCsv(body);
    expect(header).toEqual([
      'Invoice number',
      'Date (Europe/Berlin)',
      'Kind',
      'Corrects invoice',
      'Order kind',
      'Net 19 %',
      'VAT 19 %',
      'Net 7 %',
      'VAT 7 %',
      // Only because the file holds an old reverse-charged invoice.
      'Net 0 % (reverse charge)',
      'VAT 0 % (reverse charge)',
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
    ]);
    const mine = [
      plain.invoice.number,
      cancelled.invoice.number,
      cancelled.credit?.number,
      reverse.invoice.number,
      mixed.invoice.number,
    ];
    const all = csvRecords(body);
    // The seed's own invoices (if any) come first: their numbers are lower.
    const records = all.filter((row) => mine.includes(row['Invoice number'] ?? ''));
    expect(all.slice(-5)).toEqual(records);
    expect(records.map((row) => row['Invoice number'])).toEqual(mine);
    expect(records[0]).toMatchObject({
      Kind: 'invoice',
      'Net 19 %': '100.00',
      'VAT 19 %': '19.00',
      'Net 7 %': '',
      'VAT 7 %': '',
      'Net 0 % (reverse charge)': '',
      Net: '100.00',
      VAT: '19.00',
      Gross: '119.00',
    });
    expect(records[2]).toMatchObject({
      Kind: 'credit note',
      'Corrects invoice': cancelled.invoice.number,
      'Date (Europe/Berlin)': '2026-02-11',
      'Net 19 %': '-250.50',
      'VAT 19 %': '-47.60',
      Net: '-250.50',
      VAT: '-47.60',
      Gross: '-298.10',
      'Order kind': 'hotel',
    });
    expect(records[3]).toMatchObject({
      'Net 19 %': '',
      'Net 0 % (reverse charge)': '400.00',
      'VAT 0 % (reverse charge)': '0.00',
      'Buyer VAT ID': 'ATU12345678',
      VAT: '0.00',
      Gross: '400.00',
      'Buyer country': 'Germany',
    });
    // Pass and breakfast at 19 %, the nights and the train at 7 %: VAT once per rate on its sum.
    expect(records[4]).toMatchObject({ ...MIXED_COLUMNS, Net: '815.40', VAT: '98.90', Gross: '914.30' });
    // Negative amounts stay numbers; the buyer's company that starts like a formula does not.
    expect(body).toContain(',-250.50,');
    expect(records[0]?.['Buyer company']).toBe(`'=cmd|Acme, "Ltd"`);
  });

  it('writes the same file for German Excel on request: semicolons, decimal commas, BOM, the same defusing', async () => {
    const standard = await download('orders.csv');
    const german = await download('orders.csv', '?format=excel-de');
    expect(german.charCodeAt(0)).toBe(0xfeff);
    const [header] = parseCsv(german, ';');
    expect(german.startsWith(`\uFEFF${header?.join(';')}\r\n`)).toBe(true);
    expect(german).toContain(';-250,50;');
    expect(german).toContain(`;"'=cmd|Acme, ""Ltd""";`);
    // Cell for cell the standard file, with decimal commas in the amounts only.
    const decimalComma = (row: string[]) => row.map((cell) => (/^-?\d+\.\d+$/.test(cell) ? cell.replace('.', ',') : cell));
    expect(parseCsv(german, ';')).toEqual(parseCsv(standard).map(decimalComma));
    // The English form is unchanged: commas and decimal points.
    expect(standard).toContain(',-250.50,');
    expect(standard).not.toContain(';-250,50;');
    const res = await t.app.inject({ method: 'GET', url: '/api/organizer/exports/orders.csv?format=excel', headers: organizer });
    expect(res.statusCode).toBe(400);
  });

  it('exports the check-ins of all lists in scan order', async () => {
    const db = t.database.db;
    const main = await listIdOf(db, 'Main entrance');
    const lounge = await listIdOf(db, 'Premium lounge');
    const vip = await passIdOf(db, demoEmail('vip'));
    const first = await addCheckin(db, { listId: main, passId: vip, scannedAt: '2026-03-24T08:05:00Z' });
    await addCheckin(db, { listId: lounge, passId: vip, scannedAt: '2026-03-24T09:00:00Z' });
    await addCheckin(db, { listId: main, passId: vip, scannedAt: '2026-03-24T08:30:00Z', deviceId: '=evil', duplicateOf: first });
    const records = csvRecords(await download('checkins.csv'));
    expect(records.map((row) => [row.List, row['Scanned at (Europe/Berlin)'], row.Duplicate, row.Device])).toEqual([
      ['Main entrance', '2026-03-24 09:05:00', 'no', 'device-a'],
      ['Main entrance', '2026-03-24 09:30:00', 'yes', `'=evil`],
      ['Premium lounge', '2026-03-24 10:00:00', 'no', 'device-a'],
    ]);
  });
});

describe('GET /api/organizer/exports/invoices.zip', () => {
  const zipOf = (query: string) =>
    t.app.inject({ method: 'GET', url: `/api/organizer/exports/invoices.zip${query}`, headers: organizer });

  it('holds the PDF and XML of every invoice and credit note of the period, and its CSV, nothing else', async () => {
    const db = t.database.db;
    // 00:30 on 1 March in Berlin (CET): in March, though still February in UTC.
    const first = await addInvoice(db, demoEmail('attendee'), { lines: MIXED_LINES, issuedAt: '2025-02-28T23:30:00Z' });
    const cancelled = await addInvoice(db, demoEmail('vip'), { net: 20_000, creditNote: true, issuedAt: '2025-03-15T10:00:00Z' });
    // 23:30 on 28 February and 00:30 on 1 April (CEST) in Berlin: outside.
    const before = await addInvoice(db, demoEmail('attendee'), { net: 5_000, issuedAt: '2025-02-28T22:30:00Z' });
    const after = await addInvoice(db, demoEmail('vendor'), {
      net: 5_000,
      reverseCharge: true,
      issuedAt: '2025-03-31T22:30:00Z',
    });
    const [{ last } = { last: 0 }] = await db.select({ last: max(auditLog.id) }).from(auditLog);

    const res = await zipOf('?from=2025-03-01&to=2025-03-31');
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="invoices-2025-03-01-2025-03-31.zip"');
    expect(res.headers['cache-control']).toBe('no-store');
    const files = readZip(res.rawPayload);
    const numbers = [first.invoice.number, cancelled.invoice.number, cancelled.credit?.number ?? ''];
    expect([...files.keys()].sort()).toEqual(
      ['invoices-2025-03-01-2025-03-31.csv', ...numbers.flatMap((number) => [`${number}.pdf`, `${number}.xml`])].sort(),
    );
    for (const outside of [before.invoice.number, after.invoice.number]) expect(files.has(`${outside}.pdf`)).toBe(false);
    for (const number of numbers) {
      expect(files.get(`${number}.pdf`)?.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const xml = files.get(`${number}.xml`)?.toString('utf8') ?? '';
      expect(xml).toContain('CrossIndustryInvoice');
      expect(xml).toContain(`<ram:ID>${number}</ram:ID>`);
    }
    // The credit note is type 381 and names the invoice it corrects (BT-25).
    const credit = files.get(`${cancelled.credit?.number}.xml`)?.toString('utf8') ?? '';
    expect(credit).toContain('<ram:TypeCode>381</ram:TypeCode>');
    expect(credit).toContain(`<ram:IssuerAssignedID>${cancelled.invoice.number}</ram:IssuerAssignedID>`);

    // The CSV is the period's invoices CSV, without the reverse-charge pair (none in March).
    const csv = files.get('invoices-2025-03-01-2025-03-31.csv')?.toString('utf8') ?? '';
    const alone = await t.app.inject({
      method: 'GET',
      url: '/api/organizer/exports/orders.csv?from=2025-03-01&to=2025-03-31',
      headers: organizer,
    });
    expect(alone.headers['content-disposition']).toBe('attachment; filename="invoices-2025-03-01-2025-03-31.csv"');
    expect(csv).toBe(alone.body);
    expect(parseCsv(csv)[0]).not.toContain('Net 0 % (reverse charge)');
    const rows = csvRecords(csv);
    expect(rows.map((row) => row['Invoice number'])).toEqual(numbers);
    expect(rows[0]).toMatchObject({ ...MIXED_COLUMNS, 'Date (Europe/Berlin)': '2025-03-01' });

    const audit = await db
      .select({ action: auditLog.action, subject: auditLog.subject, details: auditLog.details })
      .from(auditLog)
      .where(gt(auditLog.id, last ?? 0))
      .orderBy(auditLog.id);
    expect(audit[0]).toEqual({
      action: 'export.invoice-files',
      subject: 'invoices-2025-03-01-2025-03-31.zip',
      details: { from: '2025-03-01', to: '2025-03-31' },
    });
  });

  it('gives an empty period only its CSV header', async () => {
    const res = await zipOf('?from=2024-01-01&to=2024-12-31');
    expect(res.statusCode).toBe(200);
    const files = readZip(res.rawPayload);
    expect([...files.keys()]).toEqual(['invoices-2024-01-01-2024-12-31.csv']);
    expect(parseCsv(files.get('invoices-2024-01-01-2024-12-31.csv')?.toString('utf8') ?? '')).toHaveLength(1);
  });

  it('refuses a period that is not real days, ends before it starts, or lasts a year or more', async () => {
    const cases: [string, string, string][] = [
      ['?from=2025-02-30&to=2025-03-31', 'from', 'Please enter a date as YYYY-MM-DD.'],
      ['?from=2025-03-01&to=31.03.2025', 'to', 'Please enter a date as YYYY-MM-DD.'],
      ['?from=2025-03-31&to=2025-03-01', 'to', 'The period ends before it starts.'],
      ['?from=2025-01-01&to=2026-01-01', 'to', 'The period can be at most one year long.'],
    ];
    for (const [query, path, message] of cases) {
      const res = await zipOf(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({ detail: message, errors: [{ path, message }] });
    }
    expect((await zipOf('?from=2025-03-01')).statusCode).toBe(400);
    const german = await t.app.inject({
      method: 'GET',
      url: '/api/organizer/exports/invoices.zip?from=2025-03-31&to=2025-03-01',
      headers: { ...organizer, 'accept-language': 'de' },
    });
    expect(german.json()).toMatchObject({ detail: 'Der Zeitraum endet, bevor er beginnt.' });
    // The CSV takes the same period, checked the same way.
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/organizer/exports/orders.csv?from=2025-03-31&to=2025-03-01',
      headers: organizer,
    });
    expect(csv.statusCode).toBe(400);
  });
});

describe('checkPeriod (src/shared/export-period.ts)', () => {
  it('takes real days up to a year less a day, and refuses the rest', () => {
    expect(checkPeriod('2025-01-01', '2025-12-31')).toEqual({ from: '2025-01-01', to: '2025-12-31' });
    expect(checkPeriod('2024-02-29', '2025-02-28')).toEqual({ from: '2024-02-29', to: '2025-02-28' });
    expect(checkPeriod('2025-03-01', '2025-03-01')).toEqual({ from: '2025-03-01', to: '2025-03-01' });
    expect(checkPeriod('2025-01-01', '2026-01-01')).toEqual({ field: 'to', error: 'tooLong' });
    expect(checkPeriod('2025-1-01', '2025-03-01')).toEqual({ field: 'from', error: 'invalidDate' });
    expect(checkPeriod('2025-03-02', '2025-03-01')).toEqual({ field: 'to', error: 'reversed' });
    expect(previousMonth('2026-03-15')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(previousMonth('2026-01-05')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });
});

// Last in the file: on PostgreSQL a second test app re-creates the one test database, so no test may follow it.
describe('an empty database', () => {
  it('writes only the header for an empty export and refuses everyone but organizers', async () => {
    const fresh = await createTestApp();
    try {
      const headers = await fresh.login(demoEmail('organizer'));
      const res = await fresh.app.inject({ method: 'GET', url: '/api/organizer/exports/checkins.csv', headers });
      expect(parseCsv(res.body)).toHaveLength(1);
      const staff = await fresh.login(demoEmail('staff'));
      for (const name of ['attendees.csv', 'orders.csv', 'checkins.csv', 'invoices.zip?from=2025-03-01&to=2025-03-31']) {
        expect((await fresh.app.inject({ method: 'GET', url: `/api/organizer/exports/${name}` })).statusCode).toBe(401);
        expect(
          (await fresh.app.inject({ method: 'GET', url: `/api/organizer/exports/${name}`, headers: staff })).statusCode,
        ).toBe(403);
      }
    } finally {
      await fresh.close();
    }
  });
});
