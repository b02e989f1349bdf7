import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvAmount, csvCell, csvDocument, csvNumber } from '#shared/csv.ts';
import { users } from '../../db/schema/index.ts';
import { demoEmail } from '../../db/seed/demo-accounts.ts';
import { EXPORT_PAGE_SIZE } from '../../services/organizer-exports.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { addCheckin, addInvoice, csvRecords, listIdOf, parseCsv, passIdOf } from './event-testing.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
let organizer: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  organizer = await t.login(demoEmail('organizer'));
}, 60_000);
afterAll(async () => t?.close());

async function download(name: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/organizer/exports/${name}`, headers: organizer });
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

  it('gives the accountant invoices and credit notes in number order, credit notes negative', async () => {
    const db = t.database.db;
    const plain = await addInvoice(db, demoEmail('attendee'), { net: 10_000 });
    const cancelled = await addInvoice(db, demoEmail('vip'), { net: 25_050, creditNote: true });
    const reverse = await addInvoice(db, demoEmail('vendor'), {
      net: 40_000,
      reverseCharge: true,
      vatId: 'ATU12345678',
      vatConfirmation: { confirmedAt: '2026-02-09T23:30:00.000Z', reference: 'WAPIAAAAZ1Q2w3E4' },
    });
    const body = await download('orders.csv');
    const [header] = parseCsv(body);
    expect(header).toEqual([
      'Invoice number',
      'Date (Europe/Berlin)',
      'Kind',
      'Corrects invoice',
      'Order kind',
      'Net',
      'VAT rate (%)',
      'VAT',
      'Gross',
      'Currency',
      'Reverse charge',
      'Buyer VAT ID',
      'VIES confirmed (Europe/Berlin)',
      'VIES reference',
      'Buyer name',
      'Buyer company',
      'Buyer email',
      'Buyer country',
      'Status',
    ]);
    const mine = new Set([plain.invoice.number, cancelled.invoice.number, cancelled.credit?.number, reverse.invoice.number]);
    const all = csvRecords(body);
    // The seed's own invoices (if any) come first: their numbers are lower.
    const records = all.filter((row) => mine.has(row['Invoice number'] ?? ''));
    expect(all.slice(-4)).toEqual(records);
    expect(records.map((row) => row['Invoice number'])).toEqual([
      plain.invoice.number,
      cancelled.invoice.number,
      cancelled.credit?.number,
      reverse.invoice.number,
    ]);
    expect(records[0]).toMatchObject({
      Kind: 'invoice',
      Net: '100.00',
      'VAT rate (%)': '19.00',
      VAT: '19.00',
      Gross: '119.00',
      'Reverse charge': 'no',
      'VIES confirmed (Europe/Berlin)': '',
      'VIES reference': '',
    });
    expect(records[2]).toMatchObject({
      Kind: 'credit note',
      'Corrects invoice': cancelled.invoice.number,
      'Date (Europe/Berlin)': '2026-02-11',
      Net: '-250.50',
      VAT: '-47.60',
      Gross: '-298.10',
      'Order kind': 'hotel',
    });
    expect(records[3]).toMatchObject({
      'Reverse charge': 'yes',
      'Buyer VAT ID': 'ATU12345678',
      // VIES's date as the venue's day (00:30 in Berlin), and its consultation number.
      'VIES confirmed (Europe/Berlin)': '2026-02-10',
      'VIES reference': 'WAPIAAAAZ1Q2w3E4',
      VAT: '0.00',
      Gross: '400.00',
      'Buyer country': 'Germany',
    });
    // Negative amounts stay numbers; the buyer's company that starts like a formula does not.
    expect(body).toContain(',-250.50,');
    expect(records[0]?.['Buyer company']).toBe(`'=cmd|Acme, "Ltd"`);
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

  it('writes only the header for an empty export and refuses everyone but organizers', async () => {
    const fresh = await createTestApp();
    try {
      const headers = await fresh.login(demoEmail('organizer'));
      const res = await fresh.app.inject({ method: 'GET', url: '/api/organizer/exports/checkins.csv', headers });
      expect(parseCsv(res.body)).toHaveLength(1);
      const staff = await fresh.login(demoEmail('staff'));
      for (const name of ['attendees.csv', 'orders.csv', 'checkins.csv']) {
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
